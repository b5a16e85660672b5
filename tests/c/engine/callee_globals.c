/* What a callee stores into a global reaches its caller: a NULL it
   leaves there is dereferenced after the call. */
int *g;
struct holder
{
  int *p;
  int n;
} gs;

static void clear (void) { g = 0; } /* { dg-message "'g' is NULL" } */
static void clear_field (void) { gs.p = 0; }
static void set (int *p) { g = p; }

void deref_after_clear (void)
{
  clear ();
  *g = 1; /* { dg-warning "dereference of NULL 'g'" } */
}

void deref_after_clear_field (void)
{
  clear_field ();
  *gs.p = 1; /* { dg-warning "dereference of NULL 'gs.p'" } */
}

void set_again_ok (int *p)
{
  clear ();
  set (p);
  *g = 1; /* { dg-bogus "NULL" } */
}

extern void unknown (void);

void unknown_call_between_ok (void)
{
  clear ();
  unknown (); /* (it may set g) */
  *g = 1; /* { dg-bogus "NULL" } */
}

/* jump-through-null (GCC 13, CWE-476): a call through a function pointer
   that is NULL on the path.  */
#include <stddef.h>

typedef void (*handler) (void);

void unset_bad (void)
{
  handler h = NULL;
  h (); /* { dg-warning "jump through null pointer \\\[CWE-476\\\] \\\[-Wanalyzer-jump-through-null\\\]" } */
}

void one_way_bad (int flag, handler set)
{
  handler h = NULL;
  if (flag)
    h = set;
  h (); /* { dg-warning "jump through null pointer" } */
}

void checked_ok (handler h)
{
  if (h)
    h (); /* { dg-bogus "jump through null" } */
}

void unknown_ok (handler h)
{
  h ();
}

/* A struct cleared with memset holds NULL function pointers.  */
struct handlers { void (*on_open) (void); void (*on_close) (void); };

void cleared_handlers_bad (void)
{
  struct handlers h;
  __builtin_memset (&h, 0, sizeof h);
  h.on_close (); /* { dg-warning "jump through null pointer" } */
}

void set_after_clear_ok (void (*f) (void))
{
  struct handlers h;
  __builtin_memset (&h, 0, sizeof h);
  h.on_close = f;
  if (h.on_close)
    h.on_close ();
}

/* The path tells where the pointer became NULL and which way it went.  */
void maybe_set_bad (int flag, void (*f) (void))
{
  void (*cb) (void) = 0; /* { dg-message "'cb' is NULL" } */
  if (flag) /* { dg-message "following 'false' branch" } */
    cb = f;
  cb (); /* { dg-warning "jump through null pointer" } */
}

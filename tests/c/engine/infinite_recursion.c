/* infinite-recursion (GCC 13, CWE-674): a call that enters its function
   again with the same arguments, nothing changed since the last entry.  */
extern void trace (void);
int counter;

void direct_bad (int flag)
{
  trace ();
  if (flag)
    direct_bad (flag); /* { dg-warning "infinite recursion \\\[CWE-674\\\] \\\[-Wanalyzer-infinite-recursion\\\]" } */
}

int post_decrement_bad (int n)
{
  int x = 0;
  if (n)
    x += post_decrement_bad (n--); /* { dg-warning "infinite recursion" } */
  return x;
}

void countdown_ok (int n)
{
  if (n > 0)
    countdown_ok (n - 1); /* { dg-bogus "infinite recursion" } */
}

void flipped_ok (int flag)
{
  if (flag)
    flipped_ok (!flag); /* { dg-bogus "infinite recursion" } */
}

/* A global the recursion reads changes on the way.  */
void global_ok (void)
{
  if (counter-- > 0)
    global_ok (); /* { dg-bogus "infinite recursion" } */
}

/* What a call returns may differ each time.  */
extern int more (void);
void input_ok (int n)
{
  if (more ())
    input_ok (n); /* { dg-bogus "infinite recursion" } */
}

/* alloca changes nothing the recursion reads.  */
int alloca_bad (void)
{
  void *p = __builtin_alloca (16);
  (void) p;
  return alloca_bad (); /* { dg-warning "infinite recursion" } */
}

/* Mutual recursion: each passes on what it was given.  */
struct tree { struct tree *child; };
void walk_b (struct tree *t);

void walk_a (struct tree *t)
{
  walk_b (t); /* { dg-warning "infinite recursion" } */
}

void walk_b (struct tree *t)
{
  if (t->child)
    walk_a (t); /* { dg-warning "infinite recursion" } */
}

/* ...and the fixed walk, which goes down the tree.  */
void down_b (struct tree *t);

void down_a (struct tree *t)
{
  down_b (t); /* { dg-bogus "infinite recursion" } */
}

void down_b (struct tree *t)
{
  if (t->child)
    down_a (t->child); /* { dg-bogus "infinite recursion" } */
}

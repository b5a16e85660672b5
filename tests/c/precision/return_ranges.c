/* Issue 33, item 1: a function whose every return lies in a range its
   body bounds (a constant table's entries plus a constant: the integer
   logarithm of a suffix sorter, "24 + lg_table[n >> 24]") gives a value
   in that range at every call, stepped into or not.  A test for a value
   outside it ("limit == -2", a mark only a pushed frame carries) is false
   on the first trip, and the pop it guards never runs on an empty stack.
   A value inside it is still tested for.  */

static const int lg_table[16] = { -1, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3 };

static int
ilg (int n)
{
  return (n & 0xf0) ? 4 + lg_table[(n >> 4) & 0xf] : lg_table[n & 0xf];
}

struct frame { int first, last; };

int
pop_on_mark_ok (int n)
{
  struct frame stack[8];
  int ssize = 0;
  int limit = ilg (n);
  if (limit == -2)
    return stack[--ssize].last;
  return limit;
}

int
pop_on_empty_bad (int n)
{
  struct frame stack[8];
  int ssize = 0;
  int limit = ilg (n);
  if (limit == -1)
    return stack[--ssize].last; /* { dg-warning "stack-based buffer under-read" } */
  /* { dg-warning "use of uninitialized value" "" { target *-*-* } .-1 } */
  return limit;
}

/* A byte shifted: at most 63, whatever the caller passes.  */
static int
bucket (unsigned char c)
{
  return c >> 2;
}

int
bucket_ok (unsigned char c)
{
  int counts[64] = { 0 };
  return counts[bucket (c)];
}

/* Pointers into one buffer and arrays of allocations (Engine v2, item 3):
   elements written in a loop are freed in a loop; a stack's top and end
   point into the buffer it was given.  */
#include <stdlib.h>

void fill_and_free_ok (int n)
{
  char *v[8];
  if (n > 8)
    n = 8;
  for (int i = 0; i < n; i++)
    v[i] = malloc (16);
  for (int i = 0; i < n; i++)
    free (v[i]);
}

void fill_and_lose_bad (void)
{
  char *v[2];
  v[0] = malloc (16);
  v[1] = malloc (16); /* { dg-message "allocated here" } */
  free (v[0]);
} /* { dg-warning "leak of 'v\\[1\\]'" } */

struct stack { int *start, *top, *end; };

static int push (struct stack *s, int x)
{
  if (s->top == s->end)
    return -1;
  *s->top++ = x;
  return 0;
}

int stack_ok (void)
{
  struct stack s;
  s.start = malloc (4 * sizeof (int));
  if (!s.start)
    return -1;
  s.top = s.start;
  s.end = s.start + 4;
  int r = push (&s, 1);
  free (s.start);
  return r;
}

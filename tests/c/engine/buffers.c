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

/* realloc moving a buffer moves what it holds: the pointers stored in it
   are still held, and freed from the new buffer.  */
struct vec { char **items; int n, cap; };

static int push_item (struct vec *v, char *s)
{
  if (v->n == v->cap)
    {
      char **grown = realloc (v->items, (v->cap * 2 + 1) * sizeof *grown);
      if (!grown)
        return -1;
      v->items = grown;
      v->cap = v->cap * 2 + 1;
    }
  v->items[v->n++] = s;
  return 0;
}

void grown_vector_ok (void)
{
  struct vec v = { 0, 0, 0 };
  char *a = malloc (4);
  char *b = malloc (4);
  if (push_item (&v, a) || push_item (&v, b))
    {
      free (a);
      free (b);
      free (v.items);
      return;
    }
  for (int i = 0; i < v.n; i++)
    free (v.items[i]);
  free (v.items);
}

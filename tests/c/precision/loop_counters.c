/* Issue 33, items 1 and 2: a count of what a loop stored ("v[n++] = p")
   keeps, when the engine widens it, the side it never moves: after
   pushes it is at least the pushes the path made, so a cleanup loop
   "for (i = 0; i < n; i++) free (v[i])" frees them; and a loop entered
   starts its counter where the program starts it, even where many paths
   meet. A cleanup that stops one short still leaks.  */
#include <stdlib.h>

void use (void **v, int n);

int cleanup_ok (int m)
{
  void *v[10];
  int n = 0;
  for (int k = 0; k < m && n < 10; k++)
    {
      void *p = malloc (8);
      if (!p)
        goto out;
      v[n++] = p;
    }
  use (v, n);
out:
  for (int i = 0; i < n; i++)
    free (v[i]);
  return n; /* { dg-bogus "leak" } */
}

int pop_ok (int m)
{
  void *v[16];
  int top = 0;
  while (m-- > 0 && top < 16)
    {
      void *p = malloc (4);
      if (!p)
        break;
      v[top++] = p;
    }
  while (top > 0)
    free (v[--top]);
  return 0; /* { dg-bogus "leak" } */
}

int one_short_bad (int m)
{
  void *v[10];
  int n = 0;
  for (int k = 0; k < m && n < 10; k++)
    {
      void *p = malloc (8);
      if (!p)
        goto out;
      v[n++] = p;
    }
  use (v, n);
out:
  for (int i = 0; i + 1 < n; i++)
    free (v[i]);
  return n; /* { dg-warning "leak of 'v\\\[0\\\]'" } */
  /* { dg-warning "leak of 'v\\\[1\\\]'" "" { target *-*-* } .-1 } */
}

void *table[8];

int countdown_bad (int m)
{
  int left = 8;
  while (left > 0 && m-- > 0)
    {
      char *p = malloc (4);
      if (!p)
        return -1;
      if (left == 3)
        return -2; /* { dg-warning "leak of 'p'" } */
      table[--left] = p;
    }
  return left;
}

/* A helper stepped into that has a loop of its own leaves the caller's
   count as the caller's loop left it, with what the caller's branches
   learned of it ("n > 0"): zstd's UTIL_mirrorSourceFilesDirectories.  */
void touch (const char *);

static void touch_all (char **v, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    touch (v[i]);
}

extern int wanted (int);

void helper_loop_ok (unsigned m)
{
  unsigned i, n = 0;
  char **v = malloc (m * sizeof (char *));
  if (!v)
    return;
  for (i = 0; i < m; i++)
    if (wanted (i))
      {
        char *p = malloc (4);
        if (!p)
          exit (1);
        v[n++] = p;
      }
  if (n > 0)
    touch_all (v, n);
  for (i = 0; i < n; i++)
    free (v[i]);
  free (v); /* { dg-bogus "leak" } */
}

void helper_loop_bad (unsigned m)
{
  unsigned i, n = 0;
  char **v = malloc (m * sizeof (char *));
  if (!v)
    return;
  for (i = 0; i < m; i++)
    if (wanted (i))
      {
        char *p = malloc (4);
        if (!p)
          exit (1);
        v[n++] = p;
      }
  if (n > 0)
    touch_all (v, n);
  free (v); /* { dg-warning "leak" } */
} /* { dg-warning "leak of 'p'" } */

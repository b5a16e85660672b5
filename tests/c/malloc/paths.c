/* Path feasibility: facts learned at one branch decide later branches.  */
#include <stdlib.h>

extern void work (void);

void same_range_twice_ok (int n)
{
  int *p = NULL;
  if (n > 10)
    p = malloc (sizeof (int) * n);
  work ();
  if (n > 10)
    free (p);
} /* { dg-bogus "leak" } */

void range_implies_range_ok (int n)
{
  void *p = NULL;
  if (n >= 100)
    p = malloc (n);
  work ();
  if (n > 50)
    free (p);
} /* { dg-bogus "leak" } */

void range_does_not_cover_bad (int n)
{
  void *p = NULL;
  if (n > 50)
    p = malloc (n);
  work ();
  if (n >= 100)
    free (p);
} /* { dg-warning "leak of 'p'" } */

void stored_comparison_ok (void)
{
  void *p = malloc (16);
  int ok = p != NULL;
  if (!ok)
    return;
  free (p);
}

void *expect_hint_ok (void)
{
  int *p = (int *) __builtin_malloc (sizeof (int));
  if (__builtin_expect (p != NULL, 1))
    {
      *p = 42;
      return p;
    }
  return NULL;
}

void switch_case_ok (int k)
{
  void *p = NULL;
  switch (k)
    {
    case 1:
      p = malloc (1);
      break;
    case 2:
      return;
    default:
      break;
    }
  if (k == 1)
    free (p);
}

void double_free_in_loop_reported_once_bad (void)
{
  void *ptr = malloc (1024);
  while (1)
    {
      free (ptr);
      free (ptr); /* { dg-warning "double-'free' of 'ptr'" } */
    }
}

int main (void)
{
  void *p = malloc (1024);
  return p == 0;
} /* { dg-bogus "leak" "returning from main ends the program" } */

#include <errno.h>
#include <error.h>
#include <string.h>

size_t error_ends_the_path_ok (const char *s)
{
  char *copy = strdup (s);
  if (copy == NULL)
    error (EXIT_FAILURE, errno, "strdup");
  size_t n = strlen (copy); /* { dg-bogus "NULL" } */
  free (copy);
  return n;
}

void error_with_status_zero_returns_bad (void)
{
  int *p = malloc (sizeof (int));
  if (p == NULL)
    error (0, 0, "out of memory");
  *p = 1; /* { dg-warning "dereference of NULL 'p'" } */
  free (p);
}

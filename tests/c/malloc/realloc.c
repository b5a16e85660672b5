/* realloc: it fails (NULL; the old buffer is still yours), succeeds without
   moving, or succeeds moving (the old buffer is freed).  */
#include <stdlib.h>
#include "../analyzer-decls.h"

void free_old_after_move_bad (void)
{
  char *p = malloc (10); /* { dg-message "\\(1\\) allocated here" } */
  char *q = realloc (p, 20); /* { dg-message "first 'free' here" } */
  /* { dg-message "when 'realloc' succeeds, moving buffer" "" { target *-*-* } .-1 } */
  if (!q)
    {
      free (p);
      return;
    }
  free (p); /* { dg-warning "double-'free' of 'p'" } */
  free (q); /* { dg-warning "double-'free' of 'q'" "when realloc did not move, q is p" } */
}

void lost_on_failure_bad (void)
{
  char *p = malloc (10); /* { dg-message "allocated here" } */
  char *q = realloc (p, 20); /* { dg-message "when 'realloc' fails" } */
  if (!q)
    return; /* { dg-warning "leak of 'p'" } */
  free (q);
}

void careful_ok (size_t n)
{
  char *p = malloc (10);
  if (!p)
    return;
  char *q = realloc (p, n);
  if (!q)
    {
      free (p);
      return;
    }
  q[0] = 'x';
  if (q == p)
    __analyzer_eval (p[0] == 'x'); /* { dg-warning "TRUE|UNKNOWN" } */
  free (q);
}

void *grow_ok (void *buf, size_t n)
{
  void *bigger = realloc (buf, n);
  if (!bigger)
    free (buf);
  return bigger;
}

void realloc_of_null_is_malloc_bad (void)
{
  char *p = realloc (NULL, 10);
  *p = 1; /* { dg-warning "dereference of possibly-NULL 'p'" } */
  free (p);
}

void overwrite_with_result_bad (size_t n)
{
  char *p = malloc (16);
  p = realloc (p, n); /* { dg-warning "leak of 'p'" "the old buffer is lost when realloc fails" } */
  free (p);
}

void many_in_one_block_finishes_bad (char *p, size_t n)
{
  /* Each realloc has three outcomes; their number is bounded, so this
     finishes quickly whatever the count. When the second or third fails,
     the buffer before it is still held, and never freed.  */
  char *q = realloc (p, n);
  char *r = realloc (q, n);
  char *s = realloc (r, n);
  free (s);
} /* { dg-warning "leak of 'q'" } */
/* { dg-warning "leak of 'r'" "" { target *-*-* } .-1 } */

/* The result ignored: when realloc moves the buffer, the new one is lost.  */
void result_ignored_bad (char *s, int n)
{
  __builtin_realloc (s, n); /* { dg-warning "ignoring return value" } */
} /* { dg-warning "leak" } */

/* The NULL an unchecked realloc gives: told where it comes from.  */
void unchecked_realloc_bad (char *p, size_t n)
{
  char *q = realloc (p, n); /* { dg-message "\\(1\\) when 'realloc' fails" } */
  q[0] = 'a'; /* { dg-warning "dereference of NULL 'q'" } */
  free (q);
}

/* Comparison functions given to qsort, qsort_r and bsearch are called
   back in the caller's context.  */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

static int by_value (const void *a, const void *b)
{
  const int *x = a, *y = b;
  return *x - *y;
}

/* qsort reads the freed array itself: the use is the call.  */
void sort_freed_array_bad (int *v, size_t n)
{
  free (v);
  qsort (v, n, sizeof *v, by_value); /* { dg-warning "use after 'free' of 'v'" } */
  /* { dg-message "passing freed pointer 'v' in call to 'qsort'" "event" { target *-*-* } .-1 } */
}

void sort_ok (size_t n)
{
  int *v = calloc (n, sizeof *v);
  if (!v)
    return;
  qsort (v, n, sizeof *v, by_value);
  free (v);
}

static int by_weight (const void *a, const void *b, void *weights)
{
  const int *w = weights;
  return w[*(const int *) a] - w[*(const int *) b]; /* { dg-warning "dereference of NULL 'w'" } */
}

void sort_r_without_weights_bad (int *v, size_t n)
{
  qsort_r (v, n, sizeof *v, by_weight, NULL);
}

static int by_key (const void *key, const void *elt)
{
  return strcmp ((const char *) key, *(char *const *) elt);
}

/* glibc declares bsearch's key non-null: the call is the problem.  */
char **find_null_key_bad (char **names, size_t n)
{
  return bsearch (NULL, names, n, sizeof *names, by_key); /* { dg-warning "use of NULL where non-null expected" } */
}

void search_then_free_ok (char **names, size_t n)
{
  char *key = strdup ("x");
  if (!key)
    return;
  char **hit = bsearch (key, names, n, sizeof *names, by_key);
  free (key);
  if (hit)
    names[0] = NULL;
}

/* free-of-non-heap: freeing what malloc did not return.  */
/* { dg-additional-options "-Wno-free-nonheap-object" } */
#include <stdlib.h>
#include <alloca.h>

int global_int;

void free_local_bad (void)
{
  int x; /* { dg-message "\\(1\\) region created on stack here" } */
  free (&x); /* { dg-warning "'free' of '&x' which points to memory on the stack \\\[CWE-590\\\]" } */
  /* { dg-message "\\(2\\) call to 'free' here" "" { target *-*-* } .-1 } */
}

void free_global_bad (void)
{
  free (&global_int); /* { dg-warning "'free' of '&global_int' which points to memory not on the heap" } */
}

void free_alloca_bad (int n)
{
  void *p = alloca (n); /* { dg-message "region created on stack here" } */
  free (p); /* { dg-warning "'free' of 'p' which points to memory on the stack" } */
}

void free_literal_bad (void)
{
  free ((void *) "abc"); /* { dg-warning "which points to memory not on the heap" } */
}

void free_chosen_ok (int c)
{
  int buf[10];
  int *p = c ? malloc (40) : buf;
  if (p != buf)
    free (p);
}

void free_param_ok (void *p)
{
  free (p);
}

/* Not at the start of its allocation (CWE-761; GCC 12 misses it).  */
void free_inside_bad (void)
{
  char *p = (char *) malloc (16); /* { dg-message "\\(1\\) allocated here" } */
  if (!p)
    return;
  p += 4;
  free (p); /* { dg-warning "'free' of 'p' which points 4 bytes into its allocation, not to its start \\\[CWE-761\\\]" } */
}

static void release_tail (char *q)
{
  free (q + 8); /* { dg-warning "'free' of 'q \\+ 8' which points 8 bytes into its allocation" } */
}

void free_inside_callee_bad (void)
{
  char *p = (char *) malloc (16);
  if (p)
    release_tail (p);
} /* { dg-warning "leak of 'p'" "the allocation itself is not released" } */

void free_start_ok (void)
{
  char *p = (char *) malloc (16);
  if (!p)
    return;
  p += 4;
  free (p - 4);
}

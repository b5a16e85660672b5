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

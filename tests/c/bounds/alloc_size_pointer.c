/* alloc_size on a pointer to a function type: what a call through the
   pointer returns has the size its arguments give, as for a function
   declared so. */
#include <stddef.h>

extern void *(*my_alloc) (size_t) __attribute__ ((alloc_size (1)));
extern void *(*my_alloc_2) (size_t, size_t) __attribute__ ((alloc_size (1, 2)));
extern void *(*plain_alloc) (size_t);

void one_argument (void)
{
  char *p = (char *) my_alloc (10);
  if (!p)
    return;
  p[9] = 'a';
  p[10] = 'b'; /* { dg-warning "buffer overflow" } */
}

void two_arguments (void)
{
  char *p = (char *) my_alloc_2 (2, 5);
  if (!p)
    return;
  p[9] = 'a'; /* { dg-bogus "overflow" } */
  p[10] = 'b'; /* { dg-warning "buffer overflow" } */
}

void ints (void)
{
  int *x = (int *) my_alloc (1); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  if (x)
    x[0] = 0; /* { dg-warning "buffer overflow" } */
}

void no_attribute (void)
{
  char *p = (char *) plain_alloc (10);
  if (p)
    p[10] = 'b'; /* { dg-bogus "overflow" "size unknown" } */
}

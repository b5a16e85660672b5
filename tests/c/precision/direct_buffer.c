/* Issue 33, item 6: a pointer tested against the address of an array in
   the same struct (gnulib's printf-parse: the arguments start in a small
   array inside the struct and move to the heap when they outgrow it) keeps
   what the test learned when the address is computed again: the heap copy
   is reallocated, the small array copied, never both.  */
#include <stdlib.h>
#include <string.h>

typedef struct { int type; long value; } argument;
typedef struct
{
  size_t count;
  argument *arg;
  argument direct_alloc_arg[7];
} arguments;

int
grow_ok (arguments *a, size_t n)
{
  size_t size = n * 2 * sizeof (argument);
  argument *memory = (a->arg != a->direct_alloc_arg
                      ? realloc (a->arg, size)
                      : malloc (size));
  if (memory == NULL)
    return -1;
  if (a->arg == a->direct_alloc_arg)
    memcpy (memory, a->arg, a->count * sizeof (argument)); /* { dg-bogus "free|overlapping" } */
  a->arg = memory;
  return 0;
}

/* The copy made from the buffer realloc moved (or, where it stayed, onto
   itself).  */
int
grow_bad (arguments *a, size_t n)
{
  size_t size = n * 2 * sizeof (argument);
  argument *memory = (a->arg != a->direct_alloc_arg
                      ? realloc (a->arg, size)
                      : malloc (size));
  if (memory == NULL)
    return -1;
  if (a->arg != a->direct_alloc_arg)
    memcpy (memory, a->arg, a->count * sizeof (argument)); /* { dg-warning "use after 'free'" } */
  /* { dg-warning "overlapping buffers" "" { target *-*-* } .-1 } */
  a->arg = memory;
  return 0;
}

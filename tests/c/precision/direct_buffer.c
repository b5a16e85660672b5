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

/* The same inside a loop whose trips differ (a kind read each trip picks
   what the entry gets): the states reaching the reallocation are many and
   are generalized there, and what the test learned of the pointer stays
   with it, read again.  */
extern int next_kind (void);
extern size_t next_index (void);

int
parse_ok (arguments *a)
{
  size_t allocated = 7;
  a->count = 0;
  a->arg = a->direct_alloc_arg;
  for (;;)
    {
      int k = next_kind ();
      int t = 0;
      size_t n;
      if (k == 0)
	break;
      if (k & 1)
	t = 1;
      n = next_index ();
      if (n >= allocated)
	{
	  argument *memory;
	  allocated = allocated * 2 > n ? allocated * 2 : n + 1;
	  memory = (argument *) (a->arg != a->direct_alloc_arg
				 ? realloc (a->arg, allocated * sizeof (argument))
				 : malloc (allocated * sizeof (argument)));
	  if (memory == NULL)
	    goto out_of_memory;
	  if (a->arg == a->direct_alloc_arg)
	    memcpy (memory, a->arg, a->count * sizeof (argument)); /* { dg-bogus "free" } */
	  a->arg = memory;
	}
      while (a->count <= n)
	a->arg[a->count++].type = 0;
      a->arg[n].type = t;
    }
  return 0;
out_of_memory:
  if (a->arg != a->direct_alloc_arg)
    free (a->arg);
  return -1;
}

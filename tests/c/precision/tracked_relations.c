/* Issue 33, item 1: how a pointer a checker tracks compares with another
   value survives a loop's generalization, as the pointer's own facts do.
   A growable array that starts in a buffer inside its owner and moves to
   the heap once full ("a->arg != a->direct ? realloc (a->arg, ..) :
   malloc (..)", then the old contents copied only if they were in the
   buffer) never copies from the block realloc freed (gnulib's
   printf-parse REGISTER_ARG, reduced).  Copying after the realloc
   whatever the test said is still told.  */
#include <stdlib.h>
#include <string.h>

typedef struct { int type; } argument;
typedef struct {
  size_t count;
  argument *arg;
  argument direct[7];
} arguments;

int grow_ok (arguments *a, size_t n)
{
  size_t allocated = 7;
  a->count = 0;
  a->arg = a->direct;
  for (;;)
    {
      if (n >= allocated)
        {
          argument *memory;
          allocated = allocated * 2;
          if (allocated <= n)
            allocated = n + 1;
          memory = (a->arg != a->direct
                    ? realloc (a->arg, allocated * sizeof (argument))
                    : malloc (allocated * sizeof (argument)));
          if (memory == NULL)
            return -1;
          if (a->arg == a->direct)
            memcpy (memory, a->arg, a->count * sizeof (argument)); /* { dg-bogus "after 'free'" } */
          a->arg = memory;
        }
      while (a->count <= n)
        a->arg[a->count++].type = 0;
      if (n > 100)
        break;
      n = n * 3 + 1;
    }
  return 0;
}

int grow_bad (arguments *a, size_t n)
{
  size_t allocated = 7;
  a->count = 0;
  a->arg = a->direct;
  for (;;)
    {
      if (n >= allocated)
        {
          argument *memory;
          allocated = allocated * 2;
          if (allocated <= n)
            allocated = n + 1;
          memory = (a->arg != a->direct
                    ? realloc (a->arg, allocated * sizeof (argument))
                    : malloc (allocated * sizeof (argument)));
          if (memory == NULL)
            return -1;
          memcpy (memory, a->arg, a->count * sizeof (argument)); /* { dg-warning "after 'free'" } */
          a->arg = memory;
        }
      while (a->count <= n)
        a->arg[a->count++].type = 0;
      if (n > 100)
        break;
      n = n * 3 + 1;
    }
  return 0;
}

/* A flag a call sets beside what it returns ("*allocated = 0" with a
   literal, 1 with a fresh copy) decides the free of the result on every
   trip of a loop, however many states the loop's trips make: when the
   engine generalizes the flag's memory away, what the path stored there
   last still holds until it stores again, and a branch that needs
   otherwise follows a guess.  */
#include <stdlib.h>
#include <string.h>

struct line
{
  unsigned cellsize;
  int *flags;
};

extern char *xmalloc (size_t);

static const char *
cell_text (const struct line *gl, unsigned px, size_t *size, int *allocated)
{
  if (px >= gl->cellsize)
    {
      *size = 1;
      *allocated = 0;
      return " ";
    }
  if (px == 7)
    {
      *size = 0;
      *allocated = 0;
      return NULL;
    }
  *size = 4;
  *allocated = 1;
  return xmalloc (4);
}

char *
line_text (const struct line *gl, unsigned first, unsigned last, char *buf)
{
  unsigned ax, bx = 0;
  size_t dlen;
  int allocated;
  const char *d;
  for (ax = first; ax < last; ax++)
    {
      d = cell_text (gl, ax, &dlen, &allocated);
      if (dlen == 1)
        buf[bx++] = *d;
      if (allocated)
        free ((void *) d); /* { dg-bogus "not on the heap" } */
    }
  return buf;
}

/* The flag set wrongly: the literal is freed on the first trip already.  */
static const char *
bad_cell_text (const struct line *gl, unsigned px, size_t *size, int *allocated)
{
  if (px >= gl->cellsize)
    {
      *size = 1;
      *allocated = 1;
      return " ";
    }
  *size = 4;
  *allocated = 1;
  return xmalloc (4);
}

char *
bad_line_text (const struct line *gl, unsigned first, unsigned last, char *buf)
{
  unsigned ax, bx = 0;
  size_t dlen;
  int allocated;
  const char *d;
  for (ax = first; ax < last; ax++)
    {
      d = bad_cell_text (gl, ax, &dlen, &allocated);
      if (dlen == 1)
        buf[bx++] = *d;
      if (allocated)
        free ((void *) d); /* { dg-warning "'free' of 'd' which points to memory not on the heap" } */
    }
  return buf;
}

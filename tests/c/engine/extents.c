/* Extents (Engine v2, regions): the size of the whole object a pointer
   points into, known for variables by their type and for allocations by
   the size asked for, while the allocation lives.  */
#include <stdlib.h>
#include <string.h>
#include "../analyzer-decls.h"

struct rec { int id; char name[28]; };
static long table[4];

void variables (void)
{
  struct rec r;
  char line[80];
  __analyzer_dump_capacity (&r); /* { dg-warning "capacity: '\\(sizetype\\)32'" } */
  __analyzer_dump_capacity (line + 40); /* { dg-warning "capacity: '\\(sizetype\\)80'" } */
  __analyzer_dump_capacity (&r.name[3]); /* { dg-warning "capacity: '\\(sizetype\\)32'" } */
  __analyzer_dump_capacity (table); /* { dg-warning "capacity: '\\(sizetype\\)32'" } */
  __analyzer_dump_capacity ("abc"); /* { dg-warning "capacity: '\\(sizetype\\)4'" } */
}

void unknown_origin (char *p)
{
  __analyzer_dump_capacity (p); /* { dg-warning "capacity: 'UNKNOWN\\(sizetype\\)'" } */
}

void heap_sizes (size_t count)
{
  char *a = malloc (40);
  int *b = calloc (5, sizeof (int));
  char *c = malloc (count);
  __analyzer_dump_capacity (a + 8); /* { dg-warning "capacity: '\\(size_t\\)40'" } */
  __analyzer_dump_capacity (b); /* { dg-warning "capacity: '\\(size_t\\)20'" } */
  __analyzer_dump_capacity (c); /* { dg-warning "capacity: 'INIT_VAL\\(count_\[0-9\]+\\(D\\)\\)'" } */
  free (a);
  free (b);
  free (c);
  /* Freed: no object any more.  */
  __analyzer_dump_capacity (a); /* { dg-warning "capacity: 'UNKNOWN\\(sizetype\\)'" } */
}

static void *make (size_t n) { return malloc (n * 2); }

void through_a_call (void)
{
  char *p = make (6);
  if (!p)
    return;
  __analyzer_dump_capacity (p); /* { dg-warning "capacity: '\\(size_t\\)12'" } */
  free (p);
}

void null_has_none (void)
{
  char *p = malloc (16);
  if (p)
    {
      __analyzer_dump_capacity (p); /* { dg-warning "capacity: '\\(size_t\\)16'" } */
      free (p);
    }
  else
    __analyzer_dump_capacity (p); /* { dg-warning "capacity: 'UNKNOWN\\(sizetype\\)'" } */
}

extern void keep (void *);
extern void look (const void *);

void grown (void)
{
  char *p = malloc (8);
  if (!p)
    return;
  char *q = realloc (p, 64);
  if (!q)
    {
      /* Failed: p is as it was.  */
      __analyzer_dump_capacity (p); /* { dg-warning "capacity: '\\(size_t\\)8'" } */
      free (p);
      return;
    }
  __analyzer_dump_capacity (q); /* { dg-warning "capacity: '\\(size_t\\)64'" } */
  look (q);
  __analyzer_dump_capacity (q); /* { dg-warning "capacity: '\\(size_t\\)64'" } */
  /* Code elsewhere may reallocate what it is given to change.  */
  keep (q);
  __analyzer_dump_capacity (q); /* { dg-warning "capacity: 'UNKNOWN\\(sizetype\\)'" } */
}

/* Issue 33, item 1: a place read at an index the path does not fix
   ("table[i]", "line[i]") gives the same value when read again with
   nothing written since: a loop that tests the element it tested before
   the loop decides the same way, so 'dir' and 'last', set only on the
   other way in, are never read unset. A write in between (through any
   pointer, or a call that may write) makes it another value.  */

extern long *table;
void note (long);

struct pos { long pos; int ln; };

void first_line_ok (struct pos *sp, int where)
{
  int i, dir, last;
  switch (where)
    {
    case 0:
      i = 0; dir = 1; last = 5;
      break;
    default:
      i = where;
      if (table[i] == -1)
        {
          sp->pos = -1;
          return;
        }
      break;
    }
  for (;; i += dir) /* { dg-bogus "uninitialized" } */
    {
      if (table[i] != -1)
        {
          sp->ln = i + 1;
          return;
        }
      if (i == last) /* { dg-bogus "uninitialized" } */
        break;
    }
  sp->pos = -1;
}

int rewritten_bad (int where)
{
  int dir;
  if (table[where] == -1)
    return 0;
  table[where] = -1;
  if (table[where] == -1)
    return dir; /* { dg-warning "use of uninitialized value 'dir'" } */
  return 1;
}

int called_bad (int where)
{
  int dir;
  if (table[where] == -1)
    return 0;
  note (0);
  if (table[where] == -1)
    return dir; /* { dg-warning "use of uninitialized value 'dir'" } */
  return 1;
}

/* A pointer stepped through an array in a loop lies somewhere in it, as
   does the next element's: reading through it again on the next trip is
   another place (lighttpd's config value lists: each element's own block
   freed once).  */
extern void free (void *);
struct config_value { int k_id; int vtype; void *v; };

void free_values_ok (struct config_value *cpv)
{
  for (; -1 != cpv->k_id; ++cpv)
    if (cpv->vtype == 1)
      free (cpv->v); /* { dg-bogus "double-'free'" } */
}

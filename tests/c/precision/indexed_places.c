/* A place at an index the path does not know is one place each time the
   same index names it ("&t->tab[h]" computed in a loop's test and again
   after it), and perhaps another for another index; what it holds, read
   twice with nothing written between, is one value (a hash chain's end,
   the character a search found, a ctype test of a cursor's character).  */
#include <ctype.h>
#include <string.h>

struct node { struct node *next; int block; };
struct file { struct node tab[64]; };

extern void use (void *);

/* The loop ended at the chain's end, so the test after it agrees.  */
int chain_end_ok (struct file *f, int blk)
{
  struct node *n;
  int found;
  unsigned h = blk & 63;
  for (n = f->tab[h].next; n != &f->tab[h]; n = n->next)
    if (n->block == blk)
      {
        found = 1;
        break;
      }
  if (n == &f->tab[h])
    found = 0;
  return found; /* { dg-bogus "uninitialized" } */
}

/* The same index, tested twice.  */
int same_index_ok (struct file *f, unsigned h)
{
  struct node *n = f->tab[h & 63].next;
  int x;
  if (n != &f->tab[h & 63])
    return 0;
  if (n == &f->tab[h & 63])
    x = 1;
  return x; /* { dg-bogus "uninitialized" } */
}

/* Two indices the path knows nothing of may name two places.  */
int other_index_bad (struct file *f, unsigned h, unsigned k)
{
  int x;
  struct node *a = &f->tab[h & 63], *b = &f->tab[k & 63];
  if (a != b)
    return x; /* { dg-warning "use of uninitialized value 'x'" } */
  return 0;
}

/* One element on from the same index is another place.  */
int next_element_bad (struct file *f, int i)
{
  int x;
  if (&f->tab[i] != &f->tab[i + 1])
    return x; /* { dg-warning "use of uninitialized value 'x'" } */
  return 0;
}

/* The character after the one strchr found, read twice.  */
int option_ok (const char *spec, int flag)
{
  const char *found = strchr (spec, flag);
  int optional;
  if (found == NULL)
    return -1;
  if (*++found != ':')
    return 0;
  if (*found == ':')
    optional = 1;
  return optional; /* { dg-bogus "uninitialized" } */
}

/* A cursor's character tested by the ctype table, learned to be NUL,
   and tested again: the same answer, so the loop moves on.  */
int skip_spaces_ok (const char *a, const char *b)
{
  while (1) /* { dg-bogus "infinite loop" } */
    {
      while (isspace ((unsigned char) *a))
        a++;
      while (*a && *a == *b)
        a++, b++;
      if (isspace ((unsigned char) *a))
        {
          if (isalnum ((unsigned char) *b))
            break;
        }
      else
        break;
    }
  return *a - *b;
}

/* Nothing moves the cursor: a loop that never ends once entered.  */
void spin_bad (const char *a, int i)
{
  while (isspace ((unsigned char) a[i])) /* { dg-warning "infinite loop" } */
    ;
}

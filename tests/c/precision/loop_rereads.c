/* Issue 33, item 1: a list walked by "lp = lp->next" around a call of code
   the analysis cannot see.  The trip that found lp->next NULL is the last:
   lp read again after the call is that NULL unless the call changed it,
   so a further trip follows a guess - also once the loop is generalized
   (the value read again, widened, keeps what the path knew of it).  A
   pointer the loop allocates on its last trip only, and frees on every
   trip, is freed once (dash's evalpipe, reduced).  And a pointer widened
   by the generalization, which may be NULL, freed twice proves nothing.
   A block allocated on a trip the loop goes on from is still freed
   twice.  */
#include <stdlib.h>

struct nodelist { struct nodelist *next; void *n; };
struct node { struct nodelist *cmdlist; };
extern int forkshell (void *n);
extern void *makejob (struct node *);

void last_trip_ok (struct node *n)
{
  struct nodelist *lp;
  void *p = 0;
  makejob (n);
  for (lp = n->cmdlist; lp; lp = lp->next)
    {
      if (!lp->next)
        p = malloc (1);
      forkshell (lp->n);
      free (p); /* { dg-bogus "double-'free'" } */
    }
}

void first_trip_bad (struct node *n)
{
  struct nodelist *lp;
  void *p = 0;
  makejob (n);
  for (lp = n->cmdlist; lp; lp = lp->next)
    {
      if (lp->next && !p)
        p = malloc (1);
      forkshell (lp->n);
      free (p); /* { dg-warning "double-'free'" } */
    }
}

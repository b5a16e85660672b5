/* A bool negated ("!release (n)", lowered as ~b on one bit) is the
   opposite truth value: a branch on it knows which way the call went.  */
#include <stdlib.h>
#include <stdbool.h>

struct node { int ref; };

bool release (struct node *n)
{
  if (n->ref == 0)
    {
      free (n);
      return true;
    }
  return false;
}

void negated_ok (struct node *n)
{
  if (!release (n))
    n->ref = 1; /* { dg-bogus "use after 'free'" } */
}

void negated_flag_ok (struct node *n, int k)
{
  bool kept = !release (n);
  if (k > 2 && kept)
    n->ref = 1; /* { dg-bogus "use after 'free'" } */
}

void not_negated_bad (struct node *n)
{
  if (release (n))
    n->ref = 1; /* { dg-warning "use after 'free' of 'n'" } */
}

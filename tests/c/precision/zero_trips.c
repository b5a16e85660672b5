/* A counted loop whose bound the program keeps in memory (a global, a
   struct's field) may run zero times on a path that knows nothing of the
   count; what the loop sets is not reported unset on that path: such a
   count is at least 1 by an invariant kept elsewhere (the symbols of a
   grammar, the symbols a block uses). A count the caller gives, or a
   list's end, is the path's own: unset after zero trips is reported.  */
#include <stdlib.h>

extern int nsyms;

struct block
{
  int n_in_use;
  int codes[256];
};

int
first_code (struct block *s)
{
  unsigned char yy[256];
  int i;
  for (i = 0; i < s->n_in_use && i < 256; i++)
    yy[i] = (unsigned char) i;
  return yy[0]; /* { dg-bogus "uninitialized" } */
}

int
first_nullable (void)
{
  char *nullable = malloc (nsyms);
  int i, r;
  if (!nullable)
    return -1;
  for (i = 0; i < nsyms; ++i)
    nullable[i] = 0;
  r = nullable[0]; /* { dg-bogus "uninitialized" } */
  free (nullable);
  return r;
}

int
first_given (int n)
{
  int v[8];
  int i;
  for (i = 0; i < n && i < 8; i++)
    v[i] = i;
  return v[0]; /* { dg-warning "use of uninitialized value 'v\\\[0\\\]'" } */
}

struct node
{
  int data;
  struct node *next;
};

int
last_data (struct node *head)
{
  struct node *current = head, *tail;
  while (current != NULL)
    {
      tail = current;
      current = current->next;
    }
  return tail->data; /* { dg-warning "use of uninitialized value 'tail'" } */
}

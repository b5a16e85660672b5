/* use-after-free: reading or writing through a freed pointer.  */
#include <stdlib.h>

struct node { int value; struct node *next; };

void write_after_free_bad (void)
{
  int *q = malloc (sizeof (int)); /* { dg-message "\\(1\\) allocated here" } */
  free (q); /* { dg-message "\\(2\\) freed here" } */
  *q = 1; /* { dg-warning "use after 'free' of 'q' \\\[CWE-416\\\]" } */
  /* { dg-message "\\(3\\) use after 'free' of 'q'; freed at \\(2\\)" "" { target *-*-* } .-1 } */
}

int read_field_after_free_bad (struct node *n)
{
  struct node *m = malloc (sizeof (struct node));
  if (!m)
    return 0;
  m->value = 3;
  free (m);
  return m->value; /* { dg-warning "use after 'free' of 'm'" } */
}

int use_before_free_ok (void)
{
  int *q = malloc (sizeof (int));
  if (!q)
    return 0;
  *q = 42;
  int v = *q;
  free (q);
  return v;
}

void free_list_ok (struct node *head)
{
  while (head)
    {
      struct node *next = head->next;
      free (head);
      head = next;
    }
}

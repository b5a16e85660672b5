/* deref-before-check (GCC 13): a pointer tested for NULL after the same
   function dereferenced it on every way to the test.  */
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; int val; const char *name; };

int after_field_bad (struct node *n)
{
  int v = n->val; /* { dg-message "pointer 'n' is dereferenced here" } */
  if (!n) /* { dg-warning "check of 'n' for NULL after already dereferencing it \\\[-Wanalyzer-deref-before-check\\\]" } */
    return -1;
  return v;
}

size_t after_strlen_bad (const char *s)
{
  size_t n = strlen (s); /* { dg-message "pointer 's' is dereferenced here" } */
  return s ? n : 0; /* { dg-warning "check of 's' for NULL after already dereferencing it" } */
}

int checked_first_ok (struct node *n)
{
  if (!n)
    return -1;
  int v = n->val;
  if (n) /* { dg-bogus "check of" } */
    v++;
  return v;
}

/* Dereferenced on one way only: the test is needed on the other.  */
int one_way_ok (struct node *n, int flag)
{
  int v = 0;
  if (flag)
    v = n->val;
  if (n) /* { dg-bogus "check of" } */
    v += n->val;
  return v;
}

/* A variable that holds the pointer on one way only.  */
int other_variable_ok (struct node **pp, int flag)
{
  struct node *p = NULL;
  if ((*pp)->val && flag)
    p = *pp;
  if (p) /* { dg-bogus "check of" } */
    return 1;
  return 0;
}

/* What a function returns, tested: not a pointer this code dereferenced
   ("memchr" returns its argument or NULL).  */
size_t result_ok (const char *buf, size_t n)
{
  const char *eol = memchr (buf, '\n', n);
  if (eol != NULL) /* { dg-bogus "check of" } */
    return (size_t) (eol - buf);
  return n;
}

/* A test a macro makes, whatever it is given (as GCC, not reported).  */
#define ENSURE(P) do { if (!(P)) abort (); } while (0)
int macro_ok (struct node *n)
{
  int v = n->val;
  ENSURE (n); /* { dg-bogus "check of" } */
  return v;
}

/* Dereferenced in a callee: the caller's test is its own business.  */
static int value_of (struct node *n) { return n->val; }
int callee_ok (struct node *n)
{
  int v = value_of (n);
  if (n) /* { dg-bogus "check of" } */
    v++;
  return v;
}

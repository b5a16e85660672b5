/* Atomic builtins read and write the memory they are given: what this
   path stored is what it reads back, and memory they touch must still be
   there.  */
#include <stdlib.h>
#include "../analyzer-decls.h"

void exchange_ok (void)
{
  int x = 1;
  int old = __atomic_exchange_n (&x, 5, __ATOMIC_SEQ_CST);
  __analyzer_eval (old == 1); /* { dg-warning "TRUE" } */
  __analyzer_eval (x == 5); /* { dg-warning "TRUE" } */
  __atomic_store_n (&x, 7, __ATOMIC_RELEASE);
  __analyzer_eval (__atomic_load_n (&x, __ATOMIC_ACQUIRE) == 7); /* { dg-warning "TRUE" } */
  __analyzer_eval (__atomic_add_fetch (&x, 2, __ATOMIC_SEQ_CST) == 9); /* { dg-warning "TRUE" } */
  __analyzer_eval (__sync_fetch_and_sub (&x, 4) == 9); /* { dg-warning "TRUE" } */
  __analyzer_eval (x == 5); /* { dg-warning "TRUE" } */
}

struct obj { int refs; };

static void put (struct obj *o)
{
  if (__atomic_sub_fetch (&o->refs, 1, __ATOMIC_ACQ_REL) == 0) /* { dg-warning "use after 'free' of 'o'" } */
    free (o);
}

void put_twice_bad (void)
{
  struct obj *o = malloc (sizeof *o);
  if (!o)
    return;
  o->refs = 1;
  put (o);
  put (o);
}

void put_once_ok (void)
{
  struct obj *o = malloc (sizeof *o);
  if (!o)
    return;
  o->refs = 1;
  put (o);
}

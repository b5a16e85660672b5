/* malloc-leak: the last reference to heap memory goes away.  */
#include <stdlib.h>
#include <string.h>

extern void keep (void *);
void *global_ptr;

void leak_on_early_return_bad (int c)
{
  char *q = malloc (10); /* { dg-message "\\(1\\) allocated here" } */
  if (c) /* { dg-message "following 'true' branch \\(when 'c != 0'\\)\\.\\.\\." } */
    return; /* { dg-warning "leak of 'q' \\\[CWE-401\\\]" } */
  /* { dg-message "'q' leaks here; was allocated at \\(1\\)" "" { target *-*-* } .-1 } */
  free (q);
}

void leak_when_overwritten_bad (void)
{
  char *p = malloc (10);
  p = malloc (20); /* { dg-warning "leak of 'p'" } */
  free (p);
}

void leak_at_end_bad (void)
{
  void *p = malloc (10);
  memset (p, 0, 10); /* { dg-warning "use of possibly-NULL 'p' where non-null expected" } */
} /* { dg-warning "leak of 'p'" } */
/* (memset keeps no pointer: p is still the only reference.)  */

void *returned_ok (void)
{
  return malloc (10);
}

void stored_in_global_ok (void)
{
  global_ptr = malloc (10);
}

void passed_to_unknown_ok (void)
{
  void *p = malloc (10);
  keep (p);
}

void null_result_ok (void)
{
  void *p = malloc (10);
  if (!p)
    return;
  free (p);
}

void conditional_alloc_ok (int flag)
{
  void *p = NULL;
  if (flag)
    p = malloc (10);
  if (flag)
    free (p);
}

struct holder { void *data; };

void stored_in_struct_ok (struct holder *h)
{
  h->data = malloc (10);
}

/* A store into a fresh allocation cannot change a global, and a chain of
   pointers through a stack frame ends with the frame.  */
struct chain { struct chain *next; int *ptr; };
void *chain_global;

void chain_through_frame_bad (void)
{
  struct chain a;
  struct chain b;
  a.next = &b;
  b.ptr = malloc (sizeof (int));
  chain_global = &a;
  if (b.ptr)
    *b.ptr = 42;
} /* { dg-warning "leak of 'b.ptr'" } */
/* { dg-warning "address of local variable 'a' is still held by 'chain_global'" "escapes" { target *-*-* } .-1 } */

/* Given as a pointer to const, an allocation is not released by unknown
   code (though what it holds may be).  */
extern void show (const void *);
extern void could_keep (void *);

void const_argument_bad (void)
{
  void *p = malloc (16);
  show (p);
} /* { dg-warning "leak of 'p'" } */

void plain_argument_ok (void)
{
  void *p = malloc (16);
  could_keep (p);
}

/* A function that returns nothing leaks at each 'return;' that loses the
   allocation, not once where its paths meet.  */
void leaks_at_each_return (int a, int b)
{
  char *p = malloc (10);
  if (a)
    return; /* { dg-warning "leak of 'p'" } */
  if (b)
    return; /* { dg-warning "leak of 'p'" } */
  free (p);
}

/* A condition's text names what a call was given, an array in a struct
   too ("&*t.data", as GCC spells a field through a pointer), never
   '<unknown>'.  */
struct tagged { size_t length; unsigned char data[8]; };

int leak_named_condition (const struct tagged *t, size_t n)
{
  char *p = malloc (n);
  if (!p)
    return -1;
  if (memcmp (p, t->data, n) == 0) /* { dg-message "when 'memcmp\\(p, &\\*t.data, n\\) == 0'" } */
    return 1; /* { dg-warning "leak of 'p'" } */
  free (p);
  return 0;
}

/* A byte at an index reads as it is written: 'data[length]', not the
   sum that addresses it.  */
int leak_indexed_condition (const unsigned char *data, size_t length)
{
  char *p = malloc (4);
  if (!p)
    return -1;
  if (data[length] == 23) /* { dg-message "when 'data\\[length\\] == 23'" } */
    return 1; /* { dg-warning "leak of 'p'" } */
  free (p);
  return 0;
}

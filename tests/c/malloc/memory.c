/* Local memory: structs, arrays and fields that hold heap pointers.  */
#include <stdlib.h>

struct box { void *value; };
struct link { struct link *m_ptr; };
struct arr { void *ptrs[2]; };

extern void take_box (struct box);

struct box return_box_ok (void)
{
  struct box b;
  b.value = malloc (16);
  return b;
} /* { dg-bogus "leak" } */

struct box copy_then_return_box_ok (void)
{
  struct box r, s;
  r.value = malloc (16);
  s = r;
  return s;
} /* { dg-bogus "leak" } */

void pass_box_by_value_ok (void)
{
  struct box b;
  b.value = malloc (16);
  take_box (b);
} /* { dg-bogus "leak" } */

void leak_field_bad (void)
{
  struct link tmp;
  tmp.m_ptr = (struct link *) malloc (sizeof (struct link)); /* { dg-message "allocated here" } */
} /* { dg-warning "leak of 'tmp.m_ptr'" } */

void leak_elements_bad (void)
{
  struct arr a;
  a.ptrs[0] = malloc (1024);
  a.ptrs[1] = malloc (512);
} /* { dg-warning "leak of 'a.ptrs.0.'" } */
/* { dg-warning "leak of 'a.ptrs.1.'" "" { target *-*-* } .-1 } */

void free_param_field_twice_bad (struct box inbuf)
{
  free (inbuf.value); /* { dg-message "first 'free' here" } */
  free (inbuf.value); /* { dg-warning "double-'free' of 'inbuf.value'" } */
}

void unnamed_value_leaks_at_end_bad (void)
{
  *(char *) malloc (1024) = 42; /* { dg-warning "dereference of possibly-NULL 'malloc\\(1024\\)'" } */
} /* { dg-warning "leak of 'malloc\\(1024\\)'" } */

void array_filled_and_freed_in_loops_ok (void)
{
  int *p[4];
  for (int i = 0; i < 4; ++i)
    p[i] = malloc (sizeof (int));
  for (int i = 0; i < 4; ++i)
    free (p[i]);
} /* { dg-bogus "leak" } */

int shadowed_name_bad (void)
{
  {
    void *q = malloc (1024);
  }
  int q = 42;
  return q; /* { dg-warning "leak of 'q'" } */
}

extern void *global_ptr;
extern void unknown_side_effects (void);

struct node { struct node *next; int *ptr; };

void address_escapes_to_global_ok (void)
{
  struct node node_a;
  struct node node_b;
  node_a.next = &node_b;
  node_b.ptr = malloc (sizeof (int));
  global_ptr = &node_a;
  unknown_side_effects ();
} /* { dg-bogus "leak" "node_b.ptr is reachable through global_ptr" } */

extern int **gpp;

void written_through_unknown_pointer_ok (int **q)
{
  int *p = malloc (sizeof (int));
  free (p);
  gpp = &p;                    /* p's address escapes...  */
  *q = malloc (sizeof (int));  /* ...so this may overwrite p (q == gpp)  */
  free (p); /* { dg-bogus "double-'free'" } */
}

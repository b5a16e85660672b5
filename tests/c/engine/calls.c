/* Calls into functions with a body: the engine steps into them in the
   caller's context, so bugs that span functions are found, with the call
   and return events in the path.  */
#include <stdlib.h>
#include "../analyzer-decls.h"

extern void unknown (void *);

static void release (void *victim) /* { dg-message "\\(3\\) entry to 'release'" } */
{
  free (victim); /* { dg-warning "double-'free' of 'victim'" } */
  /* { dg-message "\\(4\\) first 'free' here" "first" { target *-*-* } .-1 } */
  /* { dg-message "second 'free' here; first 'free' was at \\(4\\)" "second" { target *-*-* } .-2 } */
}

void release_twice_bad (void *ptr) /* { dg-message "\\(1\\) entry to 'release_twice_bad'" } */
{
  release (ptr); /* { dg-message "\\(2\\) calling 'release' from 'release_twice_bad'" } */
  /* { dg-message "\\(5\\) returning to 'release_twice_bad' from 'release'" "return" { target *-*-* } .-1 } */
  release (ptr); /* { dg-message "\\(6\\) passing freed pointer 'ptr' in call to 'release' from 'release_twice_bad'" } */
}

void release_once_ok (void *ptr)
{
  release (ptr);
}

static void *make (size_t n)
{
  return malloc (n); /* { dg-message "allocated here" } */
}

void wrapper_leak_bad (void)
{
  void *p = make (16);
} /* { dg-warning "leak of 'p'" } */

void *wrapper_returned_ok (void)
{
  return make (16);
}

void wrapper_freed_ok (void)
{
  void *p = make (16);
  free (p);
}

/* The result is never used: it leaks inside the callee, at its return.  */
static void *calls_malloc (void)
{
  void *result = malloc (1024);
  return result; /* { dg-warning "leak of 'result'" } */
}

void result_unused_bad (void)
{
  calls_malloc ();
}

static int deref (int *q)
{
  return *q; /* { dg-warning "dereference of NULL 'q'" } */
}

int null_passed_bad (void)
{
  return deref (NULL);
}

int pointer_passed_ok (void)
{
  int i = 42;
  return deref (&i);
}

/* Structs by value, in and out.  */
typedef struct boxed { void *value; } boxed;

static boxed box_malloc (size_t n)
{
  boxed b;
  b.value = malloc (n);
  return b;
}

static void box_free (boxed b)
{
  free (b.value); /* { dg-warning "double-'free' of 'b.value'" } */
}

void boxed_leak_bad (void)
{
  boxed b = box_malloc (8);
} /* { dg-warning "leak of 'b.value'" } */

void boxed_double_free_bad (void)
{
  boxed b = box_malloc (8);
  box_free (b);
  box_free (b);
}

void boxed_ok (void)
{
  boxed b = box_malloc (8);
  box_free (b);
}

/* A helper that stores the pointer somewhere else: no leak.  */
struct holder { void *p; };

static void keep (struct holder *h, void *p)
{
  h->p = p;
}

void kept_in_holder_ok (struct holder *h)
{
  keep (h, malloc (8));
}

/* Recursion is followed one level deep, then the call stays opaque.  */
static int count_down (int n, void *p)
{
  if (n <= 0)
    {
      free (p);
      return 0;
    }
  return count_down (n - 1, p);
}

void recursion_ok (void)
{
  count_down (3, malloc (4));
}

/* Calls through a function pointer whose target is known.  */
void through_pointer_bad (void *ptr)
{
  void (*fn) (void *) = release;
  fn (ptr);
  fn (ptr);
}

/* A branch on what the callee returned is told in the path.  */
static int is_valid (int *v)
{
  return *v > 0;
}

void branch_on_result_bad (int *v)
{
  char *buf = malloc (4);
  if (!buf)
    return;
  if (!is_valid (v)) /* { dg-message "following 'true' branch" } */
    free (buf);
  free (buf); /* { dg-warning "double-'free' of 'buf'" } */
}

/* NULL returned by a callee: a defensive return the caller relies on not
   taking is not reported (as Clang's analyzer suppresses it); a callee that
   always returns NULL is.  */
static int *next_of (int *p)
{
  if (!p)
    return NULL;
  return p + 1;
}

int defensive_return_ok (int *q)
{
  int *r = next_of (q);
  return *r;
}

static int *always_null (void)
{
  return NULL;
}

int always_null_bad (void)
{
  int *p = always_null (); /* { dg-message "'p' is NULL \\(returned by 'always_null'\\)" } */
  return *p; /* { dg-warning "dereference of NULL 'p'" } */
}

/* ...but a NULL a callee returns because an allocation failed is passed on:
   the caller must check it.  */
struct obj { int refs; };

static struct obj *new_obj (void)
{
  struct obj *o = malloc (sizeof (struct obj));
  if (!o)
    return NULL;
  o->refs = 1;
  return o;
}

int allocation_failure_passed_on_bad (void)
{
  struct obj *o = new_obj ();
  o->refs = 2; /* { dg-warning "dereference of NULL 'o'" } */
  free (o);
  return 0;
}

/* A field filled in through a pointer to it is the field: the struct
   carries it on (returned, passed by value) to where it is freed. */
struct res { void *buf; void *ctx; };

static void make_ctx (void **out) { *out = malloc (4); }

static struct res make_res (void)
{
  struct res r;
  make_ctx (&r.ctx);
  r.buf = malloc (8);
  if (!r.buf || !r.ctx)
    exit (1);
  return r;
}

static void free_res (struct res r)
{
  free (r.ctx);
  free (r.buf);
}

int field_through_pointer_ok (void)
{
  struct res r = make_res ();
  free_res (r);
  return 0;
}

int field_through_pointer_leak_bad (void)
{
  struct res r = make_res ();
  free (r.buf);
  return 0; /* { dg-warning "leak of" } */
}

/* A summary of side effects: a function that changes no memory outside
   its frame leaves the caller's memory as it was, even when the engine
   does not step into it. */
struct cfg { int level; };

static int clamp (int v)
{
  while (v > 16)
    v -= 16;
  return v;
}

int summary_keeps_memory_ok (const struct cfg *c)
{
  char local[4];
  char *b = local;
  if (c->level > 2)
    b = malloc (4);
  int k = clamp (c->level);
  if (c->level > 2)
    free (b);
  return k;
}

static int bump (int *counter)
{
  return ++*counter;
}

/* A writer given the field changes it: the second test may go the other
   way.  */
int writer_may_change_memory_bad (struct cfg *c)
{
  char local[4];
  char *b = local;
  if (c->level > 2)
    b = malloc (4);
  int k = bump (&c->level);
  if (c->level > 2)
    free (b); /* { dg-warning "'free' of 'b' which points to memory on the stack" } */
  return k; /* { dg-bogus "leak of 'b'" "a level above 2 stays above 2" } */
}

/* Given other memory, it changes the field only if that memory is the
   field: a path that needs so is a guess, not reported on (the engine
   still does not claim the field unchanged).  */
int writer_of_other_memory_ok (struct cfg *c, int *n)
{
  char local[4];
  char *b = local;
  if (c->level > 2)
    b = malloc (4);
  int k = bump (n);
  if (c->level > 2)
    free (b); /* { dg-bogus "on the stack" } */
  return k; /* { dg-bogus "leak of 'b'" } */
}

/* A pointer to a struct's first field is a pointer to the struct: what is
   stored through it is the first field, beside the others. */
struct pair_holder { void *first; void *second; };

static void make_first (void **out)
{
  *out = malloc (4);
}

void first_field_then_second_ok (void)
{
  struct pair_holder *h = calloc (1, sizeof *h);
  if (!h)
    return;
  make_first (&h->first);
  h->second = malloc (4);
  free (h->second);
  free (h->first);
  free (h);
}

void second_field_then_first_ok (void)
{
  struct pair_holder *h = calloc (1, sizeof *h);
  if (!h)
    return;
  h->second = malloc (4);
  make_first (&h->first);
  free (h->first);
  free (h->second);
  free (h);
}

void first_field_leaks_bad (void)
{
  struct pair_holder *h = calloc (1, sizeof *h);
  if (!h)
    return;
  make_first (&h->first);
  h->second = NULL;
  free (h); /* { dg-warning "leak of" } */
}

/* A static function analysed on its own (no caller stepped into it) takes
   the constant every call gives a parameter. */
static int helper_mode (int mode, int x)
{
  if (mode == 1) {
    int *q = NULL;
    *q = x; /* only with mode 1, which no call passes */
  }
  return x + 1;
}

int helper_mode_callers_ok (int x)
{
  return helper_mode (2, x) + helper_mode (2, x + 1);
}

static int helper_any (int mode, int x)
{
  if (mode == 1) {
    int *q = NULL;
    *q = x; /* { dg-warning "dereference of NULL 'q'" } */
  }
  return x + 1;
}

/* (Calls that give 2, 3 and -3: mode lies in -3..3, and 1 is possible.)  */
int helper_any_callers (int x)
{
  return helper_any (2, x) + helper_any (x > 0 ? 3 : -3, x);
}

/* Calls that give 2 and 3: mode lies in 2..3, and the branch never runs.  */
static int helper_range (int mode, int x)
{
  if (mode == 1) {
    int *q = NULL;
    *q = x; /* { dg-bogus "dereference of NULL" } */
  }
  return x + 1;
}

int helper_range_callers_ok (int x)
{
  return helper_range (2, x) + helper_range (3, x);
}

/* A callee given the address of a field ("&o->in") writes that field of
   what the caller's pointer points to: the caller reads what it wrote. */
struct inner_f { int *p; int n; };
struct outer_f { long tag; struct inner_f in; };

static void fill_field (struct inner_f *f)
{
  f->p = malloc (4);
  f->n = 3;
}

void field_written_by_callee_ok (struct outer_f *o)
{
  fill_field (&o->in);
  __analyzer_eval (o->in.n == 3); /* { dg-warning "TRUE" } */
  free (o->in.p);
}

/* A small callee stores NULL through the pointer it is given; the next
   call dereferences what it stored.  */
struct link_n { struct link_n *next, *prev; };

static void unlink_next (struct link_n *l)
{
  l->next->prev = 0; /* { dg-warning "dereference of NULL '\\*l.next'" } */
  l->next = 0; /* { dg-message "'\\*l.next' is NULL" } */
}

void unlink_twice_bad (struct link_n *l)
{
  unlink_next (l);
  unlink_next (l);
}

/* mismatching-deallocation and __attribute__((malloc (D))): memory released
   by the wrong deallocator; the allocator's own deallocator in messages.  */
#include <stdlib.h>

struct foo { int i; };
extern void foo_release (struct foo *);
extern struct foo *foo_acquire (void) __attribute__ ((malloc (foo_release)));
extern void bar_release (int, struct foo *);
extern struct foo *bar_acquire (void) __attribute__ ((malloc (bar_release, 2)));
extern struct foo *freeable (void) __attribute__ ((malloc (free)));

void released_ok (void)
{
  struct foo *p = foo_acquire ();
  foo_release (p);
}

void second_argument_ok (void)
{
  struct foo *p = bar_acquire ();
  bar_release (0, p);
}

void compatible_ok (void)
{
  struct foo *p = freeable ();
  free (p);
}

void freed_bad (void)
{
  struct foo *p = foo_acquire (); /* { dg-message "\\(1\\) allocated here \\(expects deallocation with 'foo_release'\\)" } */
  free (p); /* { dg-warning "'p' should have been deallocated with 'foo_release' but was deallocated with 'free' \\\[CWE-762\\\]" } */
  /* { dg-message "\\(2\\) deallocated with 'free' here; allocation at \\(1\\) expects deallocation with 'foo_release'" "final" { target *-*-* } .-1 } */
}

void malloc_released_bad (void)
{
  struct foo *p = malloc (sizeof *p);
  foo_release (p); /* { dg-warning "'p' should have been deallocated with 'free' but was deallocated with 'foo_release'" } */
}

void realloc_bad (void)
{
  struct foo *p = foo_acquire ();
  void *q = realloc (p, 16); /* { dg-warning "deallocated with 'realloc'" } */
  free (q);
}

void double_release_bad (struct foo *p)
{
  foo_release (p); /* { dg-message "first 'foo_release' here" } */
  foo_release (p); /* { dg-warning "double-'foo_release' of 'p'" } */
}

void leak_bad (void)
{
  struct foo *p = foo_acquire ();
} /* { dg-warning "leak of 'p'" } */

void use_after_release_bad (void)
{
  struct foo *p = foo_acquire ();
  if (!p)
    return;
  foo_release (p);
  p->i = 1; /* { dg-warning "use after 'foo_release' of 'p'" } */
}

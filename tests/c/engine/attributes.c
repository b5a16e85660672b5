/* GCC's function attributes: what a declaration promises about a call
   the engine cannot see into.  */
#include <stdlib.h>
#include <stdio.h>
#include <assert.h>
#include <unistd.h>

/* returns_nonnull: an allocator so declared needs no check. */
extern void *xmalloc (size_t) __attribute__ ((malloc, returns_nonnull));
extern char *name_of (int) __attribute__ ((returns_nonnull));

void xmalloc_needs_no_check_ok (void)
{
  int *p = xmalloc (sizeof (int));
  *p = 1;
  free (p);
}

void xmalloc_still_leaks_bad (void)
{
  int *p = xmalloc (sizeof (int)); /* { dg-message "allocated here" } */
  *p = 1;
} /* { dg-warning "leak of 'p'" } */

void returns_nonnull_branch_is_dead_ok (int i)
{
  char *s = name_of (i);
  if (!s) {
    int *q = NULL;
    *q = 1; /* never reached: name_of returns non-NULL */
  }
}

/* format (printf): the values are read for the format, not kept. */
extern void log_msg (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
extern void keep (void *);

void formatted_value_is_not_kept_bad (void)
{
  char *p = malloc (4); /* { dg-message "allocated here" } */
  log_msg ("%p", p);
} /* { dg-warning "leak of 'p'" } */

void kept_value_escapes_ok (void)
{
  char *p = malloc (4);
  keep (p);
}

/* format (scanf): the values are written, not kept. */
extern int read_into (const char *fmt, ...) __attribute__ ((format (scanf, 1, 2)));

void scanned_buffer_is_not_kept_bad (void)
{
  char *buf = malloc (16); /* { dg-message "allocated here" } */
  if (!buf)
    return;
  read_into ("%15s", buf);
} /* { dg-warning "leak of 'buf'" } */

/* access (read_only | write_only | none, N): read or written, never
   released or kept. */
extern void inspect (void *) __attribute__ ((access (read_only, 1)));
extern void fill (void *, size_t) __attribute__ ((access (write_only, 1, 2)));
extern void peek (void *) __attribute__ ((access (none, 1)));

void read_only_argument_is_not_released_bad (void)
{
  char *p = malloc (8); /* { dg-message "allocated here" } */
  inspect (p);
} /* { dg-warning "leak of 'p'" } */

void write_only_argument_is_not_released_bad (void)
{
  char *p = malloc (8); /* { dg-message "allocated here" } */
  fill (p, 8);
} /* { dg-warning "leak of 'p'" } */

void access_none_then_double_free_bad (void)
{
  char *p = malloc (8);
  peek (p);
  free (p);
  free (p); /* { dg-warning "double-'free' of 'p'" } */
}

/* Functions that do not return end the path. */
void abort_ends_path_ok (void)
{
  int *p = malloc (sizeof (int));
  if (!p)
    abort ();
  *p = 1;
  free (p);
}

void exit_ends_path_ok (void)
{
  int *p = malloc (sizeof (int));
  if (!p)
    exit (1);
  *p = 1;
  free (p);
}

void underscore_exit_ends_path_ok (void)
{
  int *p = malloc (sizeof (int));
  if (!p)
    _exit (1);
  *p = 1;
  free (p);
}

void unreachable_ends_path_ok (void)
{
  int *p = malloc (sizeof (int));
  if (!p)
    __builtin_unreachable ();
  *p = 1;
  free (p);
}

void failed_assert_ends_path_ok (void)
{
  int *p = malloc (sizeof (int));
  assert (p != NULL);
  *p = 1;
  free (p);
}

void without_check_bad (void)
{
  int *p = malloc (sizeof (int));
  *p = 1; /* { dg-warning "dereference of possibly-NULL 'p'" } */
  free (p);
}

/* cleanup: the cleanup function runs as the variable goes out of scope. */
static void free_charp (char **pp)
{
  free (*pp); /* { dg-warning "double-'free' of '\\*pp'" } */
}

void cleanup_releases_ok (void)
{
  char *p __attribute__ ((cleanup (free_charp))) = malloc (8);
  if (p)
    p[0] = 0;
}

void cleanup_after_free_bad (void)
{
  char *p __attribute__ ((cleanup (free_charp))) = malloc (8);
  free (p);
}

/* A pointer to const given to an unknown function: what it points to is
   read there, not changed. */
struct prefs { int level; };
extern void use_prefs (const struct prefs *);
extern void change_prefs (struct prefs *);

void const_pointee_unchanged_ok (const struct prefs *p)
{
  char local[4];
  char *b = local;
  if (p->level > 2)
    b = malloc (4);
  use_prefs (p);
  if (p->level > 2)
    free (b);
}

void changed_pointee_bad (struct prefs *p)
{
  char local[4];
  char *b = local;
  if (p->level > 2)
    b = malloc (4);
  change_prefs (p);
  if (p->level > 2)
    free (b); /* { dg-warning "'free' of 'b' which points to memory on the stack" } */
} /* { dg-warning "leak of 'b'" } */

/* Issue 33, item 7: what the C library's functions do that a path relies
   on. strtol and friends set *endptr to a place in the string (never
   NULL); strchr of a string and a character the path knows finds it, or
   gives NULL; a function that calls an exit wrapper any number of calls
   deep never returns; nothing leaks at a call that ends the process.  */
/* { dg-additional-options "-Wno-stringop-overread" } */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../analyzer-decls.h"

long number_ok (const char *s)
{
  char *end;
  long v = strtol (s, &end, 10);
  __analyzer_eval (end != NULL); /* { dg-warning "TRUE" } */
  if (*end != '\0') /* { dg-bogus "uninitialized|NULL" } */
    return -1;
  return v;
}

double real_ok (const char *s)
{
  char *end;
  double v = strtod (s, &end);
  return end == s ? 0.0 : v;
}

int separator_ok (void)
{
  const char *s = "key:value";
  const char *colon = strchr (s, ':');
  return *colon; /* { dg-bogus "NULL" } */
}

int last_dot_ok (void)
{
  char name[16];
  strcpy (name, "a.tar.gz");
  return *strrchr (name, '.'); /* { dg-bogus "NULL" } */
}

int missing_bad (void)
{
  const char *s = "key=value";
  const char *colon = strchr (s, ':');
  return *colon; /* { dg-warning "dereference of NULL 'colon'" } */
}

static void die (const char *msg)
{
  fprintf (stderr, "%s\n", msg);
  exit (1);
}

static void fatal (const char *msg)
{
  die (msg);
}

static void fatal_twice_removed (const char *msg)
{
  fatal (msg);
}

char *copy_ok (const char *s)
{
  char *p = malloc (strlen (s) + 1);
  if (!p)
    fatal_twice_removed ("out of memory");
  strcpy (p, s); /* { dg-bogus "NULL" } */
  return p;
}

__attribute__ ((noreturn)) void usage (void);

int exits_ok (const char *path, int how)
{
  int fd = open (path, O_RDONLY);
  char *buf = malloc (64);
  if (fd < 0)
    exit (1); /* { dg-bogus "leak" } */
  if (how == 0)
    _exit (2); /* { dg-bogus "leak" } */
  if (how == 1)
    usage (); /* { dg-bogus "leak" } */
  if (how == 2)
    fatal ("stop"); /* { dg-bogus "leak" } */
  if (how == 3)
    abort (); /* { dg-bogus "leak" } */
  free (buf);
  close (fd);
  return 0;
}

int returns_bad (const char *path, int how)
{
  int fd = open (path, O_RDONLY); /* { dg-message "opened here" } */
  if (fd < 0)
    return -1;
  if (how)
    return 1; /* { dg-warning "leak of file descriptor 'fd'" } */
  close (fd);
  return 0;
}

/* An allocation wrapper declared only __attribute__((malloc)) promises
   fresh memory, not that it may give NULL (gnulib's xmalloc dies when
   memory runs out); with its body here, the body says what it returns.  */
void *xmalloc (size_t) __attribute__ ((__malloc__));
void *pool_alloc (size_t);
__attribute__ ((noreturn)) void out_of_memory (void);

void *xalloc_here (size_t n) __attribute__ ((__malloc__));
void *xalloc_here (size_t n)
{
  void *p = pool_alloc (n ? n : 1);
  if (!p)
    out_of_memory ();
  return p;
}

void *alloc_here (size_t n) __attribute__ ((__malloc__));
void *alloc_here (size_t n)
{
  return malloc (n);
}

int wrapper_ok (void)
{
  int *p = xmalloc (sizeof *p);
  int *q = xalloc_here (sizeof *q);
  *p = 1; /* { dg-bogus "NULL" } */
  *q = 2; /* { dg-bogus "NULL" } */
  free (q);
  free (p);
  return 0;
}

/* One with a body too large to step into (gawk's xcalloc in dfa.c): the
   attribute says what the call gives, as when the body is elsewhere.  */
extern int pool_kind;
void *xalloc_large (size_t n) __attribute__ ((__malloc__));
void *xalloc_large (size_t n)
{
  void *p;
  switch (pool_kind)
    {
    case 0: p = pool_alloc (n); break;
    case 1: p = pool_alloc (n + 1); break;
    case 2: p = pool_alloc (n + 2); break;
    case 3: p = pool_alloc (n + 3); break;
    case 4: p = pool_alloc (n + 4); break;
    case 5: p = pool_alloc (n + 5); break;
    case 6: p = pool_alloc (n + 6); break;
    case 7: p = pool_alloc (n + 7); break;
    case 8: p = pool_alloc (n + 8); break;
    case 9: p = pool_alloc (n + 9); break;
    case 10: p = pool_alloc (n + 10); break;
    case 11: p = pool_alloc (n + 11); break;
    case 12: p = pool_alloc (n + 12); break;
    case 13: p = pool_alloc (n + 13); break;
    case 14: p = pool_alloc (n + 14); break;
    case 15: p = pool_alloc (n + 15); break;
    case 16: p = pool_alloc (n + 16); break;
    case 17: p = pool_alloc (n + 17); break;
    case 18: p = pool_alloc (n + 18); break;
    case 19: p = pool_alloc (n + 19); break;
    case 20: p = pool_alloc (n + 20); break;
    case 21: p = pool_alloc (n + 21); break;
    case 22: p = pool_alloc (n + 22); break;
    case 23: p = pool_alloc (n + 23); break;
    case 24: p = pool_alloc (n + 24); break;
    case 25: p = pool_alloc (n + 25); break;
    case 26: p = pool_alloc (n + 26); break;
    case 27: p = pool_alloc (n + 27); break;
    case 28: p = pool_alloc (n + 28); break;
    case 29: p = pool_alloc (n + 29); break;
    case 30: p = pool_alloc (n + 30); break;
    case 31: p = pool_alloc (n + 31); break;
    default: p = pool_alloc (2 * n); break;
    }
  if (!p)
    out_of_memory ();
  return p;
}

int large_wrapper_ok (void)
{
  int *p = xalloc_large (sizeof *p);
  *p = 1; /* { dg-bogus "NULL" } */
  free (p);
  return 0;
}

int wrapper_leak_bad (void)
{
  int *p = xmalloc (sizeof *p);
  *p = 1;
  return 0; /* { dg-warning "leak of 'p'" } */
}

int wrapper_unchecked_bad (void)
{
  int *p = alloc_here (sizeof *p);
  *p = 1; /* { dg-warning "dereference of possibly-NULL 'p'" } */
  free (p);
  return 0;
}

/* qsort moves what the array holds; it overwrites nothing: what was
   stored there is still there (the caller's array keeps it), while
   memset does overwrite it.  */
static int by_text (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

void sort_names_ok (const char *s, char **v, unsigned n)
{
  char *x = strdup (s);
  if (!x)
    return;
  v[0] = x;
  qsort (v, n, sizeof (char *), by_text);
} /* { dg-bogus "leak" } */

void clear_names_bad (const char *s, char **v, unsigned n)
{
  char *x = strdup (s);
  if (!x)
    return;
  v[0] = x;
  memset (v, 0, 2 * sizeof (char *));
} /* { dg-warning "leak of 'x'" } */

/* memcpy of a size the path does not know copies what the source holds
   into the destination: a pointer copied into the caller's growable
   buffer (flex's buf_append (buf, &str, 1)) is the buffer's now.  */
struct elts { void *elts; int nelts; int elt_size; };
struct elts *elts_grow (struct elts *, int);

static struct elts *elts_append (struct elts *buf, const void *ptr, int n)
{
  if (!ptr || n <= 0)
    return buf;
  buf = elts_grow (buf, n);
  memcpy ((char *) buf->elts + buf->nelts * buf->elt_size, ptr, n * buf->elt_size);
  buf->nelts += n;
  return buf;
}

struct elts *define_ok (struct elts *buf, const char *s)
{
  char *str = malloc (strlen (s) + 1);
  if (!str)
    return buf;
  strcpy (str, s);
  elts_append (buf, &str, 1);
  return buf;
} /* { dg-bogus "leak" } */

struct elts *define_bad (struct elts *buf, const char *s)
{
  char *str = malloc (strlen (s) + 1);
  if (!str)
    return buf;
  strcpy (str, s);
  elts_append (buf, s, 1);
  return buf; /* { dg-warning "leak of 'str'" } */
}

/* A function of the program's own declared __attribute__((malloc)) says
   what it returns, not what it does with what it is given: xz declares
   its xrealloc so, and it frees the buffer it is given.  */
void *xrealloc_here (void *, size_t) __attribute__ ((__malloc__)) __attribute__ ((__alloc_size__ (2)));

char *regrow_ok (size_t size)
{
  char *p = xmalloc (16);
  p = xrealloc_here (p, size); /* { dg-bogus "leak" } */
  return p;
}

void regrow_bad (size_t size)
{
  char *p = xmalloc (16);
  p = xrealloc_here (p, size);
  p[0] = 0;
} /* { dg-warning "leak of 'p'" } */

/* An allocator's failure value that is not NULL: iconv_open gives
   (iconv_t) -1 when it fails (glibc declares iconv_close its
   deallocator), and that is no memory to release (m4's striconv).  */
#include <iconv.h>

char *convert_ok (const char *to, const char *from)
{
  iconv_t cd = iconv_open (to, from);
  if (cd == (iconv_t) -1)
    return NULL; /* { dg-bogus "leak" } */
  iconv_close (cd);
  return malloc (1);
}

char *convert_bad (const char *to, const char *from, int quiet)
{
  iconv_t cd = iconv_open (to, from);
  if (cd == (iconv_t) -1)
    return NULL;
  if (quiet)
    return NULL; /* { dg-warning "leak of 'cd'" } */
  iconv_close (cd);
  return malloc (1);
}

/* A string's length is below PTRDIFF_MAX, so not negative kept in an int
   (libyaml's "length = strlen (value)" before "malloc (length + 1)"); a
   length the caller gives may be.  */
static void *alloc_at_least_one (size_t size)
{
  return malloc (size ? size : 1);
}

char *length_copy_ok (const char *value)
{
  int length = strlen (value);
  char *copy = alloc_at_least_one (length + 1);
  if (!copy)
    return NULL;
  memcpy (copy, value, length);
  copy[length] = '\0'; /* { dg-bogus "underwrite" } */
  return copy;
}

char *given_length_bad (const char *value, int length)
{
  char *copy = alloc_at_least_one (length + 1);
  if (!copy)
    return NULL;
  copy[length] = '\0'; /* { dg-warning "heap-based buffer underwrite" } */
  return copy;
}

/* strlen of a string inside an object of a known size counts fewer bytes
   than remain in it (its terminator is inside, or strlen itself reads
   past the end): a copy limited to the string's length and to a larger
   buffer's room ("MIN (len, limit)", xz's str_append_str) never takes
   the room (the table holds it: at most 23 bytes from its start).  A
   length the path knows too long still is told.  */
struct filter_name { char name[8]; int id; };
static const struct filter_name filter_names[] = { { "lzma1", 1 }, { "x86", 4 } };

size_t
append_name_ok (char *out800, int k)
{
  const char *s = filter_names[0].name;
  const size_t len = strlen (s);
  __analyzer_eval (len <= 23); /* { dg-warning "TRUE" } */
  const size_t limit = 799;
  const size_t n = len < limit ? len : limit;
  memcpy (out800, s, n); /* { dg-bogus "over-read" } */
  return n;
}

size_t
append_name_bad (char *out)
{
  const char *s = filter_names[1].name;
  memcpy (out, s, 20); /* { dg-warning "over-read" } */
  return 20;
}

/* strchr asked again of a buffer nothing wrote since gives what it gave:
   found once, found again (a test harness trimming its error text).  */
struct err_text { char buf[64]; };

void trim_again_ok (struct err_text *e)
{
  if (strchr (e->buf, '\n'))
    *(strchr (e->buf, '\n')) = '\0'; /* { dg-bogus "NULL" } */
}

/* Written in between: the newline may be gone.  */
void trim_after_write_bad (struct err_text *e)
{
  if (strchr (e->buf, '\n'))
    {
      e->buf[0] = 'x';
      *(strchr (e->buf, '\n')) = '\0'; /* { dg-warning "dereference of NULL" } */
    }
}

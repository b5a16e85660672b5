/* Issue 33, item 7: what the C library's functions do that a path relies
   on. strtol and friends set *endptr to a place in the string (never
   NULL); strchr of a string and a character the path knows finds it, or
   gives NULL; a function that calls an exit wrapper any number of calls
   deep never returns; nothing leaks at a call that ends the process.  */
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

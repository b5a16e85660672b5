/* Issue 33, item 1: "a == NULL || b == NULL" that GCC computes as one
   bit or'ed with another and tests once (at -O2, and through
   __builtin_expect as glibc's __glibc_unlikely wraps it): its false branch
   tells both pointers are non-NULL. Its true branch tells neither.  */
#include <stdlib.h>

void note (void);

int both_checked_ok (int n)
{
  char *a = calloc (n, 1);
  int *b = calloc (n, 4);
  if (__builtin_expect (a == NULL || b == NULL, 0))
    {
      free (a);
      free (b);
      return -1;
    }
  a[0] = 1; /* { dg-bogus "possibly-NULL" } */
  b[0] = 2; /* { dg-bogus "possibly-NULL" } */
  free (a);
  free (b);
  return 0;
}

int plain_or_ok (int n)
{
  char *a = malloc (n);
  char *b = malloc (n);
  if (a == NULL || b == NULL)
    {
      free (a);
      free (b);
      return -1;
    }
  a[0] = b[0] = 0; /* { dg-bogus "possibly-NULL" } */
  free (a);
  free (b);
  return 0;
}

int noted_bad (int n)
{
  char *a = malloc (n);
  char *b = malloc (n);
  if (a == NULL || b == NULL)
    note ();
  a[0] = 1; /* { dg-warning "NULL 'a'" } */
  free (a);
  free (b);
  return 0;
}

/* An allocator that fails only for a size it checks, "size && !p", may
   give NULL for size 0, and memcpy is given NULL only with a size of 0,
   which copies nothing (C2y; GCC 15's glibc headers say so). Given an
   allocation's unchecked result with a size that may not be 0, it is
   still told.  */
#include <string.h>

void *xalloc (size_t size)
{
  void *p = malloc (size);
  if (size && !p)
    abort ();
  return p;
}

struct cipher { size_t block_size; };
void use (void *);

void sized_copy_ok (const struct cipher *c, const void *src)
{
  void *iv = xalloc (c->block_size);
  memcpy (iv, src, c->block_size); /* { dg-bogus "NULL" } */
  use (iv);
  free (iv);
}

void unchecked_copy_bad (const struct cipher *c, const void *src)
{
  void *iv = malloc (c->block_size);
  memcpy (iv, src, c->block_size); /* { dg-warning "possibly-NULL 'iv'" } */
  use (iv);
  free (iv);
}

/* Addresses compare as unsigned numbers: a pointer above another one is
   not NULL (lighttpd's stat_cache: "while ((p = strrchr (buf, '/')) >
   buf)"); one that only differs from another may be.  */
#include <string.h>

void trim_ok (char *buf)
{
  char *p;
  while ((p = strrchr (buf, '/')) > buf)
    {
      *p = '\0'; /* { dg-bogus "NULL" } */
      if (p[1] == 'x')
        break;
    }
}

void trim_local_ok (const char *name, unsigned len)
{
  char buf[256];
  if (len >= sizeof buf)
    return;
  memcpy (buf, name, len);
  char *cur = buf + len;
  do
    {
      *cur = '\0'; /* { dg-bogus "NULL" } */
      if (buf[0] == 'x')
        return;
    }
  while ((cur = strrchr (buf, '/')) > buf);
}

void trim_bad (char *buf)
{
  char *p = strrchr (buf, '/');
  if (p != buf)
    *p = '\0'; /* { dg-warning "dereference of NULL 'p'" } */
}

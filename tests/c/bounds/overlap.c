/* memcpy's source and destination must not overlap (memmove's may).
   (Sizes above what GCC turns into plain loads and stores.)  */
#include <string.h>
/* { dg-additional-options "-Wno-restrict" } */

void shift_bad (char *line)
{
  char buf[128];
  memcpy (buf, line, 64);
  memcpy (buf + 20, buf, 40); /* { dg-warning "overlapping buffers passed as arguments to 'memcpy'" } */
  /* { dg-message "use 'memmove' instead" "note" { target *-*-* } .-1 } */
  memcpy (line, buf, 64);
}

void shift_ok (char *line)
{
  char buf[128];
  memcpy (buf, line, 64);
  memmove (buf + 20, buf, 40);
  memcpy (buf + 64, buf, 40);
  memcpy (line, buf, 64);
}

void adjacent_ok (char *line)
{
  char buf[128];
  memcpy (buf, line, 64);
  memcpy (buf + 40, buf, 40);
  memcpy (line, buf, 64);
}

/* A helper that copies between the buffers it is given, called with two
   pointers into one object: the overlap is in the helper.  */
static void __attribute__((noinline)) copy_text (char *dst, const char *src)
{
  strcpy (dst, src); /* { dg-warning "overlapping buffers passed as arguments to 'strcpy'" } */
}

void same_buffer_twice (char *name)
{
  copy_text (name, name);
}

void different_buffers (char *name, const char *other)
{
  copy_text (name, other);
}

static void __attribute__((noinline)) copy_bytes (char *dst, const char *src, size_t n)
{
  memcpy (dst, src, n); /* { dg-warning "overlapping buffers passed as arguments to 'memcpy'" } */
}

void bytes_intersecting (char *p)
{
  copy_bytes (p, p + 9, 10);
}

void bytes_apart (char *p)
{
  copy_bytes (p, p + 10, 10);
}

void bytes_apart_symbolic (char *p, size_t n)
{
  copy_bytes (p + n, p, n);
}

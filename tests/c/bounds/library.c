/* Out-of-bounds writes and reads through the C library: the bytes each
   function writes or reads, against the buffers it is given.  GCC's own
   -Wstringop-* warnings see the constant sizes here too; they are not
   what is tested.  */
/* { dg-additional-options "-Wno-stringop-overflow -Wno-stringop-overread" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void memset_bad (void)
{
  char buf[16];
  memset (buf, 0, 17); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 1 byte to beyond the end of 'buf'" "bytes" { target *-*-* } .-1 } */
  puts (buf);
}

void memset_ok (void)
{
  char buf[16];
  memset (buf, 0, sizeof buf);
  puts (buf);
}

void memcpy_read_bad (char *out)
{
  char small[4] = "abc";
  memcpy (out, small, 8); /* { dg-warning "stack-based buffer over-read" } */
  /* { dg-message "read of 4 bytes from after the end of 'small'" "bytes" { target *-*-* } .-1 } */
}

void memcpy_into_heap_bad (const char *src)
{
  char *p = malloc (10);
  if (!p)
    return;
  memcpy (p + 4, src, 8); /* { dg-warning "heap-based buffer overflow" } */
  /* { dg-message "write of 2 bytes to beyond the end of the region" "bytes" { target *-*-* } .-1 } */
  free (p);
}

void strcpy_literal_bad (void)
{
  char name[5];
  strcpy (name, "hello"); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 1 byte to beyond the end of 'name'" "bytes" { target *-*-* } .-1 } */
  puts (name);
}

void strcpy_literal_ok (void)
{
  char name[6];
  strcpy (name, "hello");
  puts (name);
}

void fgets_bad (FILE *f)
{
  char line[64];
  if (fgets (line, 100, f)) /* { dg-warning "stack-based buffer overflow" } */
    puts (line);
  /* { dg-message "write of 36 bytes to beyond the end of 'line'" "bytes" { target *-*-* } .-2 } */
}

void fgets_ok (FILE *f)
{
  char line[64];
  if (fgets (line, sizeof line, f))
    puts (line);
}

int read_bad (int fd)
{
  char *buf = malloc (32);
  if (!buf)
    return -1;
  int n = (int) read (fd, buf, 64); /* { dg-warning "heap-based buffer overflow" } */
  /* { dg-message "" "bytes" { target *-*-* } .-1 } */
  free (buf);
  return n;
}

/* A size the path does not fix is not reported.  */
void unknown_size_ok (char *out, size_t n)
{
  char small[4] = "abc";
  memcpy (out, small, n);
}

/* A size that comes from a call: GCC's own warnings do not see it at -O0.  */
static size_t wanted (void)
{
  return 20;
}

void size_from_call_bad (void)
{
  char b[16];
  memset (b, 0, wanted ()); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 4 bytes to beyond the end of 'b'" "bytes" { target *-*-* } .-1 } */
  puts (b);
}

/* printf-like writes of a length the path knows: the text and its NUL.  */
void sprintf_bad (void)
{
  char id[8];
  sprintf (id, "id-%d", 12345); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 1 byte to beyond the end of 'id'" "bytes" { target *-*-* } .-1 } */
  puts (id);
}

void sprintf_ok (void)
{
  char id[9];
  sprintf (id, "id-%d", 12345);
  puts (id);
}

void sprintf_unknown_ok (int n)
{
  char id[8];
  sprintf (id, "%d", n); /* (its length is not known here) */
  puts (id);
}

void snprintf_ok (void)
{
  char id[8];
  snprintf (id, sizeof id, "%s-%s", "abcdefgh", "ijk"); /* (truncated) */
  puts (id);
}

void snprintf_count_too_large_bad (void)
{
  char id[8];
  snprintf (id, 12, "%s-x", "abcdefghij"); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 4 bytes to beyond the end of 'id'" "bytes" { target *-*-* } .-1 } */
  puts (id);
}

/* gets has no bound: any line long enough overflows.  */
char *gets (char *);

void gets_bad (void)
{
  char line[16];
  gets (line); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "'gets' writes as many bytes as the line it reads: a line of 16 bytes or more overflows 'line'" "why" { target *-*-* } .-1 } */
  puts (line);
}

/* A copy from before a buffer to past its end: both problems, each its own
   warning.  */
void memset_both_sides_bad (void)
{
  char buf[10];
  memset (buf - 2, 0, 20); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-warning "stack-based buffer underwrite" "the other side" { target *-*-* } .-1 } */
  /* { dg-message "write of 8 bytes to beyond the end of 'buf'" "after" { target *-*-* } .-2 } */
  /* { dg-message "write of 2 bytes to before the start of 'buf'" "before" { target *-*-* } .-3 } */
  puts (buf);
}

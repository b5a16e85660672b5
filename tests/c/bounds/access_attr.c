/* Functions declared with __attribute__((access (MODE, N, S))): they read
   or write S elements of buffer N (bytes for void *, the pointee's size
   otherwise); a call whose size runs past the buffer is out of bounds.
   (GCC's -Wstringop-* see the constant sizes here too; off for this test.) */
/* { dg-additional-options "-Wno-stringop-overflow -Wno-stringop-overread" } */
#include <stddef.h>

extern void fill (void *buf, size_t n) __attribute__ ((access (write_only, 1, 2)));
extern int sum (const int *v, size_t count) __attribute__ ((access (read_only, 1, 2)));
extern void update (size_t count, short *v) __attribute__ ((access (read_write, 2, 1)));
extern void peek (const char *p, size_t n) __attribute__ ((access (none, 1, 2)));

void fill_too_much (void)
{
  char b[4];
  fill (b, 8); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 4 bytes to beyond the end of 'b'" "" { target *-*-* } .-1 } */
}

void fill_exactly (void)
{
  char b[4];
  fill (b, 4); /* { dg-bogus "overflow" } */
}

void fill_from_middle (void)
{
  char b[8];
  fill (b + 4, 5); /* { dg-warning "stack-based buffer overflow" } */
}

int sum_one_too_many (void)
{
  int v[3] = { 1, 2, 3 };
  return sum (v, 4); /* { dg-warning "stack-based buffer over-read" } */
  /* { dg-message "read of 4 bytes from after the end of 'v'" "" { target *-*-* } .-1 } */
}

int sum_all (void)
{
  int v[3] = { 1, 2, 3 };
  return sum (v, 3); /* { dg-bogus "over-read" } */
}

void update_counted_in_elements (void)
{
  short v[4] = { 0 };
  update (5, v); /* { dg-warning "stack-based buffer over-read" "read_write: read first" } */
  update (4, v); /* { dg-bogus "over" } */
}

void unknown_count (size_t n)
{
  char b[4];
  fill (b, n); /* { dg-bogus "overflow" } */
}

void into_a_literal (void)
{
  fill ((char *) "", 16); /* { dg-warning "write to string literal" } */
  /* { dg-bogus "overflow" "a write into a literal is wrong at any size" { target *-*-* } .-1 } */
}

void not_accessed (void)
{
  char b[1];
  peek (b, 100); /* { dg-bogus "over-read" "access (none) neither reads nor writes" } */
}

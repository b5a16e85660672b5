/* At -O2 the same out-of-bounds accesses are found as at -O0: bodies are
   analysed before GCC's optimizations fold them away.  */
/* { dg-options "-O2" } */
#include <stdlib.h>
#include <string.h>

int stack_write_bad (void)
{
  int ids[3];
  ids[0] = 1;
  ids[3] = 4; /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 4 bytes to beyond the end of 'ids'" "bytes" { target *-*-* } .-1 } */
  /* { dg-message "valid subscripts for 'ids' are '\\\[0\\\]' to '\\\[2\\\]'" "subscripts" { target *-*-* } .-2 } */
  return ids[0];
}

void heap_write_bad (void)
{
  int *p = malloc (3 * sizeof (int));
  if (!p)
    return;
  p[3] = 7; /* { dg-warning "heap-based buffer overflow" } */
  /* { dg-message "write of 4 bytes to beyond the end of the region" "bytes" { target *-*-* } .-1 } */
  free (p);
}

int sum_from_end_bad (void)
{
  int arr[4];
  memset (arr, 0, sizeof arr);
  int sum = 0;
  for (int i = 4; i > 0; i--)
    sum += arr[i]; /* { dg-warning "stack-based buffer over-read" } */
  /* { dg-message "read of 4 bytes" "bytes" { target *-*-* } .-1 } */
  return sum;
}

int sum_ok (void)
{
  int arr[4];
  memset (arr, 0, sizeof arr);
  int sum = 0;
  for (int i = 3; i >= 0; i--)
    sum += arr[i];
  return sum;
}

/* At -O2 the unterminated strings of strings.c are found alike: bodies
   are analysed before GCC folds the calls.  */
/* { dg-options "-O2 -Wno-stringop-overread" } */
#include <stdio.h>
#include <string.h>

size_t initialized_unterminated (void)
{
  char name[5] = "abcde";
  return strlen (name); /* { dg-warning "stack-based buffer over-read" } */
  /* { dg-message "out-of-bounds read at byte 5 but 'name' ends at byte 5" "where" { target *-*-* } .-1 } */
}

size_t initialized_terminated (void)
{
  char name[6] = "abcde";
  return strlen (name);
}

FILE *open_unterminated_mode (const char *path)
{
  char mode[2] = "rb";
  return fopen (path, mode); /* { dg-warning "stack-based buffer over-read" } */
}

void copy_bounded_ok (char *dst)
{
  char src[3] = "xyz";
  strncpy (dst, src, 3);
}

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

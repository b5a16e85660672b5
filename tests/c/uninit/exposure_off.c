/* exposure-through-uninit-copy is off unless asked for.  */
#include <unistd.h>

void unset_bad_but_not_asked (int fd)
{
  char buf[16];
  write (fd, buf, sizeof buf); /* { dg-bogus "exposure" } */
}

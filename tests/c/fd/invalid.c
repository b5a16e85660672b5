/* A descriptor known not to be one: -1 written in the code, or what open
   returned on the path where it failed. */
#include <fcntl.h>
#include <unistd.h>

void minus_one (void *buf)
{
  int fd = -1;
  read (fd, buf, 1); /* { dg-warning "'read' on possibly invalid file descriptor 'fd'" } */
  /* { dg-message "\\(1\\) 'fd' could be invalid" "event" { target *-*-* } .-1 } */
}

void failed_open (const char *path, void *buf)
{
  int fd = open (path, O_RDWR); /* { dg-message "\\(1\\) opened here" } */
  if (fd != -1) /* { dg-message "assuming 'fd' is an invalid file descriptor \\(< 0\\)" } */
    {
      read (fd, buf, 1);
      close (fd);
    }
  else
    write (fd, buf, 1); /* { dg-warning "'write' on possibly invalid file descriptor 'fd'" } */
}

void checked_ok (const char *path, void *buf)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return;
  read (fd, buf, 1); /* { dg-bogus "invalid" } */
  close (fd);
}

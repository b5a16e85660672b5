/* File descriptors: fd-leak, fd-double-close, fd-use-after-close and
   fd-use-without-check, as GCC 13 names them.  */
#include <fcntl.h>
#include <unistd.h>

void leak_bad (const char *path)
{
  int fd = open (path, O_RDONLY); /* { dg-message "\\(1\\) opened here" } */
  if (fd < 0)
    return; /* failed: nothing to close */
  return; /* { dg-warning "leak of file descriptor 'fd' \\\[CWE-775\\\]" } */
}

void closed_ok (const char *path, char *buf)
{
  int fd = open (path, O_RDONLY);
  if (fd == -1)
    return;
  read (fd, buf, 16);
  close (fd);
}

int returned_ok (const char *path)
{
  return open (path, O_RDONLY);
}

void double_close_bad (const char *path)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return;
  close (fd); /* { dg-message "first 'close' here" } */
  close (fd); /* { dg-warning "double 'close' of file descriptor 'fd' \\\[CWE-1341\\\]" } */
}

void use_after_close_bad (const char *path, char *buf)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return;
  close (fd); /* { dg-message "closed here" } */
  read (fd, buf, 1); /* { dg-warning "'read' on closed file descriptor 'fd' \\\[CWE-910\\\]" } */
}

void use_without_check_bad (const char *path, char *buf)
{
  int fd = open (path, O_WRONLY); /* { dg-message "opened here" } */
  write (fd, buf, 1); /* { dg-warning "'write' on possibly invalid file descriptor 'fd'" } */
  close (fd);
}

static void finish (int fd)
{
  close (fd); /* { dg-message "closed here" } */
}

void closed_in_a_callee_bad (const char *path, char *buf)
{
  int fd = creat (path, 0600);
  if (fd < 0)
    return;
  finish (fd);
  write (fd, buf, 1); /* { dg-warning "'write' on closed file descriptor 'fd'" } */
}

void handed_to_unknown_ok (const char *path, void (*keep) (int))
{
  int fd = open (path, O_RDONLY);
  if (fd >= 0)
    keep (fd);
}

/* How a descriptor was opened: fd-access-mode-mismatch, with open ()'s
   flags as the system's <fcntl.h> defines them, for dup's copies, and for
   parameters declared fd_arg, fd_arg_read and fd_arg_write (GCC 13's
   attributes, known here with any GCC).  */
#include <fcntl.h>
#include <unistd.h>

void write_read_only_bad (const char *path, char *buf)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC); /* { dg-message "opened here as read-only" } */
  if (fd < 0)
    return;
  write (fd, buf, 1); /* { dg-warning "'write' on read-only file descriptor 'fd' \\\[-Wanalyzer-fd-access-mode-mismatch\\\]" } */
  close (fd);
}

void read_write_only_bad (const char *path, char *buf)
{
  int fd = creat (path, 0600);
  if (fd < 0)
    return;
  read (fd, buf, 1); /* { dg-warning "'read' on write-only file descriptor 'fd'" } */
  close (fd);
}

void read_write_ok (const char *path, char *buf)
{
  int fd = open (path, O_RDWR);
  if (fd < 0)
    return;
  read (fd, buf, 1);
  write (fd, buf, 1);
  close (fd);
}

/* Flags not known here: no mode is assumed.  */
void unknown_flags_ok (const char *path, int flags, char *buf)
{
  int fd = open (path, flags);
  if (fd < 0)
    return;
  write (fd, buf, 1);
  close (fd);
}

/* A copy is opened as the original was.  */
void dup_keeps_mode_bad (const char *path, char *buf)
{
  int fd = open (path, O_WRONLY);
  if (fd < 0)
    return;
  int copy = dup (fd);
  if (copy >= 0)
    {
      read (copy, buf, 1); /* { dg-warning "'read' on write-only file descriptor 'copy'" } */
      close (copy);
    }
  close (fd);
}

/* dup2 () gives back the number its caller chose: unchecked it may be -1,
   and not keeping it is no leak.  */
void dup2_unchecked_bad (int fd, char *buf)
{
  int out = dup2 (fd, 1);
  write (out, buf, 1); /* { dg-warning "'write' on possibly invalid file descriptor 'out'" } */
}

void dup2_redirect_ok (const char *path)
{
  int fd = open (path, O_WRONLY);
  if (fd < 0)
    return;
  if (dup2 (fd, 1) < 0) /* { dg-bogus "leak" } */
    {
      close (fd);
      return;
    }
  close (fd);
}

/* Closing stdin twice; closing -1 (no descriptor) twice is harmless.  */
void close_stdin_twice_bad (void)
{
  close (0); /* { dg-message "first 'close' here" } */
  close (0); /* { dg-warning "double 'close' of file descriptor" } */
}

void close_invalid_twice_ok (void)
{
  int fd = -1;
  close (fd);
  close (fd);
}

/* open () may give back the number just closed (the lowest free one).  */
void reopen_stdin_ok (char *buf)
{
  close (0);
  int fd = open ("/dev/null", O_RDONLY);
  read (0, buf, 1); /* { dg-bogus "closed" } */
  if (fd >= 0)
    close (fd);
}

void use_any (int fd) __attribute__ ((fd_arg (1))); /* { dg-message "argument 1 of 'use_any' must be an open file descriptor, due to '__attribute__\\(\\(fd_arg\\(1\\)\\)\\)'" } */
void fill (int fd, char *buf) __attribute__ ((fd_arg_read (1)));
void drain (char *buf, int fd) __attribute__ ((fd_arg_write (2)));

void declared_closed_bad (const char *path)
{
  int fd = open (path, O_RDWR);
  if (fd < 0)
    return;
  close (fd);
  use_any (fd); /* { dg-warning "'use_any' on closed file descriptor 'fd'" } */
}

void declared_unchecked_bad (const char *path)
{
  int fd = open (path, O_RDWR);
  use_any (fd); /* { dg-warning "'use_any' on possibly invalid file descriptor 'fd'" } */
  if (fd >= 0)
    close (fd);
}

void declared_modes_bad (const char *path, char *buf)
{
  int r = open (path, O_RDONLY);
  int w = open (path, O_WRONLY);
  if (r >= 0 && w >= 0)
    {
      fill (w, buf); /* { dg-warning "'fill' on write-only file descriptor 'w'" } */
      drain (buf, r); /* { dg-warning "'drain' on read-only file descriptor 'r'" } */
      fill (r, buf);
      drain (buf, w);
    }
  if (r >= 0)
    close (r);
  if (w >= 0)
    close (w);
}

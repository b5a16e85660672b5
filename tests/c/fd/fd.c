/* File descriptors: fd-leak, fd-double-close, fd-use-after-close and
   fd-use-without-check, as GCC 13 names them.  */
#include <fcntl.h>
#include <unistd.h>
#include <sys/socket.h>

void leak_bad (const char *path)
{
  int fd = open (path, O_RDONLY); /* { dg-message "\\(1\\) opened here" } */
  if (fd < 0)
    return; /* failed: nothing to close */
  return; /* { dg-warning "leak of file descriptor 'fd' \\\[CWE-775\\\] \\\[-Wanalyzer-fd-leak\\\]" } */
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
  close (fd); /* { dg-warning "double 'close' of file descriptor 'fd' \\\[CWE-1341\\\] \\\[-Wanalyzer-fd-double-close\\\]" } */
}

void use_after_close_bad (const char *path, char *buf)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return;
  close (fd); /* { dg-message "closed here" } */
  read (fd, buf, 1); /* { dg-warning "'read' on closed file descriptor 'fd' \\\[CWE-910\\\] \\\[-Wanalyzer-fd-use-after-close\\\]" } */
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

/* The path says when open () was taken to have succeeded.  */
void assumed_valid_bad (const char *path)
{
  int fd = open (path, O_RDONLY); /* { dg-message "\\(1\\) opened here" } */
  if (fd >= 0) /* { dg-message "\\(2\\) assuming 'fd' is a valid file descriptor \\(>= 0\\)" } */
    return; /* { dg-warning "leak of file descriptor 'fd'" } */
}

/* pipe () and socketpair () make two descriptors at once.  */
void pipe_leak_bad (char *buf)
{
  int fds[2];
  if (pipe (fds) != 0)
    return;
  write (fds[1], buf, 1);
  close (fds[1]);
  read (fds[0], buf, 1);
} /* { dg-warning "leak of file descriptor 'fds\\\[0\\\]'" } */

void pipe_ok (char *buf)
{
  int fds[2];
  if (pipe (fds) == -1)
    return;
  write (fds[1], buf, 1);
  close (fds[1]);
  read (fds[0], buf, 1);
  close (fds[0]);
}

void socketpair_double_close_bad (void)
{
  int sv[2];
  if (socketpair (AF_UNIX, SOCK_STREAM, 0, sv) < 0)
    return;
  close (sv[0]);
  close (sv[1]);
  close (sv[0]); /* { dg-warning "double 'close' of file descriptor" } */
}

/* One resource, one report: a descriptor given to fdopen is the stream's
   now; its leak is the stream's leak, told once.  */
#include <stdio.h>
void handed_to_stream_bad (const char *path)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return;
  FILE *f = fdopen (fd, "r"); /* { dg-message "opened here" } */
  if (!f)
    {
      close (fd);
      return;
    }
  fgetc (f);
} /* { dg-warning "leak of FILE 'f'" } */

void handed_to_stream_ok (const char *path)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return;
  FILE *f = fdopen (fd, "r");
  if (!f)
    {
      close (fd);
      return;
    }
  fclose (f);
}

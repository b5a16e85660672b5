/* Issue 33, item 3: the C library's tables and handles.  glibc's ctype
   macros index tables valid from -128 to 255 through __ctype_b_loc (),
   __ctype_tolower_loc () and __ctype_toupper_loc (): a char, signed char
   or unsigned char index is always inside, whatever an attacker chose.  An
   index whose type lets it leave its table still needs a check.  A
   directory stream that readdir only uses stays the caller's to close
   (glibc declares closedir opendir's deallocator).  */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

int classify_ok (void)
{
  char line[128];
  int n = 0;
  if (!fgets (line, sizeof line, stdin))
    return 0;
  for (char *p = line; *p; p++)
    {
      if (isalpha (*p) || isspace ((unsigned char) *p)) /* { dg-bogus "attacker-controlled" } */
        n++;
      n += tolower (*p) + toupper ((unsigned char) *p); /* { dg-bogus "attacker-controlled" } */
    }
  return n;
}

static const int weight[256] = { 1, 2, 3 };
static const int small[16] = { 1, 2, 3 };

int table_ok (void)
{
  char line[128];
  if (!fgets (line, sizeof line, stdin))
    return 0;
  unsigned char c = line[0];
  return weight[c]; /* { dg-bogus "attacker-controlled" } */
}

int table_bad (void)
{
  char line[128];
  if (!fgets (line, sizeof line, stdin))
    return 0;
  unsigned char c = line[0];
  return small[c]; /* { dg-warning "use of attacker-controlled value 'c' in array lookup without bounds checking" } */
}

int count_entries_bad (const char *path, int stop_early)
{
  DIR *d = opendir (path); /* { dg-message "allocated here" } */
  int n = 0;
  if (!d)
    return -1;
  while (readdir (d))
    if (stop_early)
      return -1; /* { dg-warning "leak of 'd'" } */
    else
      n++;
  closedir (d);
  return n;
}

int count_entries_ok (const char *path)
{
  DIR *d = opendir (path);
  struct dirent *e;
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir (d)) != NULL)
    if (e->d_name[0] != '.')
      n++;
  rewinddir (d);
  printf ("%d\n", dirfd (d));
  closedir (d);
  return n; /* { dg-bogus "leak" } */
}

void closed_twice_bad (const char *path)
{
  DIR *d = opendir (path);
  if (!d)
    return;
  closedir (d);
  closedir (d); /* { dg-warning "double-'closedir' of 'd'" } */
}

int descriptor_bad (const char *path)
{
  DIR *d = opendir (path);
  if (!d)
    return -1;
  int fd = dirfd (d);
  if (fd < 3)
    return -1; /* { dg-warning "leak of 'd'" } */
  closedir (d);
  return fd;
}

/* A descriptor known to be 0, 1 or 2 is a standard stream the program
   set up (xz's tuklib_open_stdxxx: "if (fd != i) close (fd);"), and one
   found equal to a number a node records is that node's (dash's
   redirect: "if (fd == n->fd) continue;"): neither leaks. One that
   differs from the recorded number does.  */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

void open_std_ok (void)
{
  for (int i = 0; i <= 2; ++i)
    if (fcntl (i, F_GETFD) == -1 && errno == EBADF)
      {
        const int fd = open ("/dev/null", O_RDONLY); /* { dg-bogus "leak" } */
        if (fd != i)
          {
            if (fd != -1)
              close (fd);
            exit (1);
          }
      }
} /* { dg-bogus "leak" } */

struct redir { int fd; const char *name; struct redir *next; };

void redirect_ok (struct redir *n)
{
  do
    {
      int newfd = open (n->name, O_RDONLY); /* { dg-bogus "leak" } */
      if (newfd < 0)
        continue;
      if (n->fd == newfd)
        continue;
      dup2 (newfd, n->fd);
      close (newfd);
    }
  while ((n = n->next));
} /* { dg-bogus "leak" } */

void redirect_bad (struct redir *n)
{
  int newfd = open (n->name, O_RDONLY);
  if (newfd < 0)
    return;
  if (n->fd != newfd)
    return; /* { dg-warning "leak of file descriptor 'newfd'" } */
  n->fd = -1;
}

/* A descriptor made while a standard stream's number is free takes the
   lowest free number: after "close (0)", dup makes the new standard input
   (less's lsystem), after "close (1)" the new standard output.  After
   closing another number it does not.  */
void restore_stdin_ok (int saved)
{
  close (0);
  dup (saved); /* { dg-bogus "leak" } */
  close (saved);
}

void child_pipe_ok (int remote_fd)
{
  close (1);
  dup (remote_fd); /* { dg-bogus "leak" } */
  close (remote_fd);
  _exit (1);
}

void other_number_bad (int saved)
{
  close (5);
  dup (saved); /* { dg-warning "leak of file descriptor" } */
  close (saved);
}

/* A descriptor the path only knows is -1 or 0 (open's result on the
   "fd > 0" test's false side) is not a standard stream the path set up:
   0 is the new file when standard input was closed before (nano's
   write_lockfile).  */
int lock_bad (const char *name)
{
  int fd = open (name, O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd > 0)
    {
      close (fd);
      return 1;
    }
  return 0; /* { dg-warning "leak of file descriptor 'fd'" } */
}

/* A byte whose sign bit is set, read as an unsigned char, indexes a
   256-entry table from 128 to 255 (jq's UTF-8 decoder): not below it.  */
static const unsigned char coding_bits[256] = { 0x7f };

int utf8_first_ok (const char *in)
{
  unsigned char first = (unsigned char) in[0];
  if ((first & 0x80) == 0)
    return first;
  return coding_bits[first]; /* { dg-bogus "under-read" } */
}

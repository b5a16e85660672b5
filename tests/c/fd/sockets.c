/* Sockets go through phases: made by socket (), bound, listening (stream
   sockets accept connections on it), connected. A call made in the wrong
   phase, or on a descriptor that is no socket, fails; each of socket,
   bind, listen, accept and connect may also fail, setting errno.  */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int bind_to (int fd, const char *path)
{
  struct sockaddr_un addr;
  memset (&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  strncpy (addr.sun_path, path, sizeof addr.sun_path - 1);
  return bind (fd, (struct sockaddr *) &addr, sizeof addr); /* { dg-warning "'bind' on non-socket file descriptor 'fd'" } */
}

int server_ok (const char *path)
{
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  if (bind_to (fd, path) == -1 || listen (fd, 5) == -1)
    {
      close (fd);
      return -1;
    }
  int conn = accept (fd, NULL, NULL);
  close (fd);
  if (conn == -1)
    return -1;
  write (conn, "hello", 5);
  return conn;
}

void listen_unbound_bad (void)
{
  int fd = socket (AF_UNIX, SOCK_STREAM, 0); /* { dg-message "stream socket created here" } */
  if (fd == -1)
    return;
  listen (fd, 5); /* { dg-warning "'listen' on file descriptor 'fd' in wrong phase \\\[CWE-666\\\] \\\[-Wanalyzer-fd-phase-mismatch\\\]" } */
  /* { dg-message "'listen' expects a bound stream socket file descriptor but 'fd' has not yet been bound" "" { target *-*-* } .-1 } */
  close (fd);
}

/* The bind's failure is not checked.  */
void listen_after_unchecked_bind_bad (const struct sockaddr *addr, socklen_t len)
{
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return;
  bind (fd, addr, len); /* { dg-message "when 'bind' fails" } */
  listen (fd, 5); /* { dg-warning "'listen' on file descriptor 'fd' in wrong phase" } */
  close (fd);
}

/* ...and across a function boundary: the helper binds, the caller
   listens on what may not be bound.  */
void listen_after_helper_bad (const char *path)
{
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return;
  bind_to (fd, path);
  listen (fd, 5); /* { dg-warning "'listen' on file descriptor 'fd' in wrong phase" } */
  close (fd);
}

void read_listening_bad (int fd, char *buf)
{
  if (listen (fd, 5) == -1) /* { dg-message "stream socket marked as passive here via 'listen'" } */
    return;
  int conn = accept (fd, NULL, NULL);
  if (conn == -1)
    return;
  read (fd, buf, 1); /* { dg-warning "'read' on file descriptor 'fd' in wrong phase" } */
  /* { dg-message "'read' expects a stream socket to be connected via the return value of 'accept' but 'fd' is listening; wrong file descriptor\\\?" "" { target *-*-* } .-1 } */
  close (conn);
}

void accept_on_accepted_bad (int fd)
{
  int conn = accept (fd, NULL, NULL);
  if (conn == -1)
    return;
  int again = accept (conn, NULL, NULL); /* { dg-warning "'accept' on file descriptor 'conn' in wrong phase" } */
  /* { dg-message "'accept' expects a listening stream socket file descriptor but 'conn' is connected" "" { target *-*-* } .-1 } */
  close (again);
  close (conn);
}

/* Binding before connecting chooses the local address: fine.  */
int bind_then_connect_ok (const char *path, const struct sockaddr *peer, socklen_t len)
{
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  if (bind_to (fd, path) == -1 || connect (fd, peer, len) == -1)
    {
      close (fd);
      return -1;
    }
  return fd;
}

void listen_datagram_bad (void)
{
  int fd = socket (AF_UNIX, SOCK_DGRAM, 0); /* { dg-message "datagram socket created here" } */
  if (fd == -1)
    return;
  listen (fd, 5); /* { dg-warning "'listen' on datagram socket file descriptor 'fd' \\\[-Wanalyzer-fd-type-mismatch\\\]" } */
  /* { dg-message "'listen' expects a stream socket file descriptor but 'fd' is a datagram socket" "" { target *-*-* } .-1 } */
  close (fd);
}

/* Reading an unconnected datagram socket is fine.  */
void datagram_read_ok (const char *path, char *buf)
{
  int fd = socket (AF_UNIX, SOCK_DGRAM, 0);
  if (fd == -1)
    return;
  if (bind_to (fd, path) == 0)
    read (fd, buf, 1);
  close (fd);
}

int bind_file_bad (const char *name, const struct sockaddr *addr, socklen_t len)
{
  int fd = open (name, O_RDONLY);
  if (fd == -1)
    return -1;
  int r = bind (fd, addr, len); /* { dg-warning "'bind' on non-socket file descriptor 'fd' \\\[-Wanalyzer-fd-type-mismatch\\\]" } */
  /* { dg-message "'bind' expects a socket file descriptor but 'fd' is not a socket" "" { target *-*-* } .-1 } */
  close (fd);
  return r;
}

/* The same, the bind in a helper: reported there, with the path through
   the caller.  */
int bind_file_in_helper_bad (const char *name, const char *path)
{
  int fd = open (name, O_RDONLY);
  if (fd == -1)
    return -1;
  int r = bind_to (fd, path); /* { dg-message "calling 'bind_to' from 'bind_file_in_helper_bad'" } */
  close (fd);
  return r;
}

/* A failed call sets errno; a call that succeeds leaves it alone.  */
int errno_ok (int fd)
{
  errno = 0;
  if (listen (fd, 5) == -1)
    return errno > 0 ? 1 : *(int *) NULL; /* { dg-bogus "NULL" } */
  return errno == 0 ? 0 : *(int *) NULL; /* { dg-bogus "NULL" } */
}

/* accept reads the length it is given before writing the peer's.  */
int accept_unset_length_bad (int fd)
{
  struct sockaddr_un addr;
  socklen_t len;
  return accept (fd, (struct sockaddr *) &addr, &len); /* { dg-warning "use of uninitialized value 'len'" } */
}

int accept_leak_bad (int fd)
{
  int conn = accept (fd, NULL, NULL); /* { dg-message "socket created here by 'accept'" } */
  return 0; /* { dg-warning "leak of file descriptor 'conn'" } */
}

/* The usual client loop: try each address until one connects, closing
   the sockets that did not.  */
int client_ok (const char *host, const char *port)
{
  struct addrinfo hints, *result, *rp;
  int fd = -1;
  memset (&hints, 0, sizeof hints);
  if (getaddrinfo (host, port, &hints, &result) != 0)
    return -1;
  for (rp = result; rp != NULL; rp = rp->ai_next)
    {
      fd = socket (rp->ai_family, rp->ai_socktype, rp->ai_protocol);
      if (fd == -1)
        continue;
      if (connect (fd, rp->ai_addr, rp->ai_addrlen) != -1)
        break;
      close (fd);
    }
  freeaddrinfo (result);
  if (rp == NULL)
    return -1;
  write (fd, "x", 1);
  return fd;
}

/* A server keeps its connections in a descriptor set.  */
void serve_ok (int listener, fd_set *active)
{
  int conn = accept (listener, NULL, NULL);
  if (conn < 0)
    return;
  FD_SET (conn, active);
}

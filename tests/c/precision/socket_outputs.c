/* Issue 33, item 7: what socket calls write.  Under _GNU_SOURCE glibc
   passes getsockname's, getpeername's and recvfrom's address as a
   transparent union (__SOCKADDR_ARG): it is the pointer they write
   through.  recvmsg fills what the message's fields point to.  */
/* { dg-additional-options "-D_GNU_SOURCE" } */
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int family_ok (int fd)
{
  union { struct sockaddr sa; struct sockaddr_in in; struct sockaddr_in6 in6; } addr;
  socklen_t len = sizeof addr;
  if (getsockname (fd, &addr.sa, &len) == -1)
    return -1;
  return addr.sa.sa_family == AF_INET6; /* { dg-bogus "uninitialized" } */
}

int peer_port_ok (int fd, char *buf, size_t n)
{
  struct sockaddr_in peer;
  socklen_t len = sizeof peer;
  if (recvfrom (fd, buf, n, 0, (struct sockaddr *) &peer, &len) < 0)
    return -1;
  return peer.sin_port; /* { dg-bogus "uninitialized" } */
}

int message_ok (int fd, char *buf, size_t n)
{
  struct msghdr msg;
  struct iovec iov = { buf, n };
  struct sockaddr_in peer;
  memset (&msg, 0, sizeof msg);
  msg.msg_name = &peer;
  msg.msg_namelen = sizeof peer;
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  if (recvmsg (fd, &msg, 0) == -1)
    return -1;
  return peer.sin_port; /* { dg-bogus "uninitialized" } */
}

int unfilled_bad (int fd)
{
  struct sockaddr_in peer;
  socklen_t len = sizeof peer;
  if (getsockname (fd, (struct sockaddr *) &len, &len) == -1)
    return -1;
  return peer.sin_port; /* { dg-warning "use of uninitialized value 'peer.sin_port'" } */
}

/* null_terminated_string_arg (GCC 14's attribute, known here with any
   GCC): the function reads a string there; a char array nothing wrote is
   an uninitialized read, bounded by an access attribute's size.  */
#include <stddef.h>

size_t measure (const char *s) /* { dg-message "argument 1 of 'measure' must be a pointer to a null-terminated string" } */
  __attribute__ ((null_terminated_string_arg (1)));

size_t measure_n (const char *s, size_t n)
  __attribute__ ((null_terminated_string_arg (1), access (read_only, 1, 2)));

size_t uninit_bad (void)
{
  char buf[16];
  return measure (buf); /* { dg-warning "use of uninitialized value 'buf\\\[0\\\]'" } */
}

size_t written_ok (void)
{
  char buf[16];
  buf[0] = '\0';
  return measure (buf);
}

size_t none_read_ok (void)
{
  char buf[16];
  return measure_n (buf, 0);
}

size_t some_read_bad (void)
{
  char buf[16];
  return measure_n (buf, 4); /* { dg-warning "use of uninitialized value 'buf\\\[0\\\]'" } */
}

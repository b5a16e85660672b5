/* Strings read up to their terminator: a C library function given a
   buffer whose bytes, as far as the path knows them, run to the end of
   the object without a NUL reads past it (CWE-126), and a pointer before
   the start reads before it (CWE-127).  Bytes the path does not know
   stop the check: nothing is reported then.  */
/* { dg-additional-options "-Wno-stringop-overflow -Wno-stringop-overread -Wno-unterminated-string-initialization" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t initialized_unterminated (void)
{
  char name[5] = "abcde"; /* { dg-message "capacity: 5 bytes" } */
  return strlen (name); /* { dg-warning "stack-based buffer over-read" } */
  /* { dg-message "while looking for null terminator for argument 1 \\('&name'\\) of 'strlen'..." "looking" { target *-*-* } .-1 } */
  /* { dg-message "out-of-bounds read at byte 5 but 'name' ends at byte 5" "where" { target *-*-* } .-2 } */
}

size_t initialized_terminated (void)
{
  char name[6] = "abcde";
  return strlen (name);
}

size_t zero_filled_after_literal (void)
{
  char name[16] = "abc";
  return strlen (name + 5); /* the zeros after the literal end it */
}

size_t stored_chars_unterminated (void)
{
  char tag[3];
  tag[0] = 'a';
  tag[1] = 'b';
  tag[2] = 'c';
  return strlen (tag); /* { dg-warning "stack-based buffer over-read" } */
}

size_t stored_chars_terminated (void)
{
  char tag[3];
  tag[0] = 'a';
  tag[1] = 'b';
  tag[2] = '\0';
  return strlen (tag);
}

size_t unknown_bytes (const char *src)
{
  char copy[8];
  strncpy (copy, src, sizeof copy);
  return strlen (copy); /* strncpy may leave it unterminated: not known here */
}

FILE *open_unterminated_mode (const char *path)
{
  char mode[2] = "rb";
  return fopen (path, mode); /* { dg-warning "stack-based buffer over-read" } */
  /* { dg-message "while looking for null terminator for argument 2 \\('&mode'\\) of 'fopen'..." "looking" { target *-*-* } .-1 } */
}

int compare_second_unterminated (const char *s)
{
  char key[4] = "name";
  return strcmp (s, key); /* { dg-warning "stack-based buffer over-read" } */
}

void copy_unterminated_source (char *dst)
{
  char src[3] = "xyz";
  strcpy (dst, src); /* { dg-warning "stack-based buffer over-read" } */
}

void copy_bounded_ok (char *dst)
{
  char src[3] = "xyz";
  strncpy (dst, src, 3); /* the count keeps the reads inside 'src' */
}

void copy_bounded_one_too_many (char *dst)
{
  char src[3] = "xyz";
  strncpy (dst, src, 4); /* { dg-warning "stack-based buffer over-read" } */
}

size_t literal_before_start (void)
{
  const char *s = "text";
  return strlen (s - 1); /* { dg-warning "buffer under-read" } */
  /* { dg-message "out-of-bounds read at byte -1 but the region starts at byte 0" "where" { target *-*-* } .-1 } */
}

size_t literal_past_end (void)
{
  const char *s = "text";
  return strlen (s + 5); /* { dg-warning "buffer over-read" } */
}

size_t literal_terminator_ok (void)
{
  const char *s = "text";
  return strlen (s + 4);
}

size_t guarded (int i)
{
  char name[4] = "abcd";
  if (i)
    name[3] = '\0';
  return i ? strlen (name) : 0;
}

/* Strings copied into a buffer are known there: appending to one that
   does not leave room overflows, by the bytes that do not fit.  */
void append_overflow (void)
{
  char greeting[10];
  strcpy (greeting, "hello");
  strcat (greeting, " world!"); /* { dg-warning "stack-based buffer overflow" } */
  /* { dg-message "write of 3 bytes to beyond the end of 'greeting'" "bytes" { target *-*-* } .-1 } */
}

size_t append_fits (void)
{
  char greeting[13];
  strcpy (greeting, "hello");
  strcat (greeting, " world!");
  return strlen (greeting);
}

char *copy_to_heap_without_terminator_room (void)
{
  char word[] = "abc";
  char *p = malloc (strlen (word)); /* the classic missing + 1 */
  if (!p)
    return NULL;
  strcpy (p, word); /* { dg-warning "heap-based buffer overflow" } */
  return p;
}

char *copy_to_heap_ok (void)
{
  char word[] = "abc";
  char *p = malloc (strlen (word) + 1);
  if (!p)
    return NULL;
  strcpy (p, word);
  return p;
}

/* What a library function writes replaces what the path knew.  */
size_t rewritten_by_sprintf (const char *s)
{
  char buf[3] = "abc";
  sprintf (buf, "%.2s", s);
  return strlen (buf);
}

size_t rewritten_by_memset (void)
{
  char buf[3];
  buf[0] = 'a';
  buf[1] = 'b';
  buf[2] = 'c';
  memset (buf, 0, 3);
  return strlen (buf);
}

size_t rewritten_by_memcpy_of_unknown_count (const char *src, size_t n)
{
  char buf[3] = "abc";
  memcpy (buf, src, n);
  return strlen (buf);
}

size_t rewritten_at_unknown_offset (const char *s, int i)
{
  char buf[3] = "abc";
  sprintf (buf + i, "%.1s", s);
  return strlen (buf);
}

/* A store into a copied string changes it: what was copied no longer
   tells its length (no overflow is claimed for the shorter string).  */
void shortened_then_appended (void)
{
  char buf[8];
  strcpy (buf, "abc");
  char *q = buf + 1;
  *q = '\0';
  strcat (buf, "defgh"); /* "a" + "defgh" + NUL: 7 bytes fit */
}

void heap_shortened_then_appended (void)
{
  char *p = malloc (8);
  if (!p)
    return;
  strcpy (p, "abc");
  p[1] = '\0';
  strcat (p, "defgh");
  free (p);
}

/* Taint meets bounds: an attacker-controlled index or offset into an
   object of known size is reported once, as a tainted index or offset,
   with the object's capacity (and its valid subscripts) in notes.  */
#include <stdio.h>

int table[16];

int lookup_bad (FILE *f)
{
  int i;
  if (fscanf (f, "%d", &i) != 1)
    return -1;
  return table[i]; /* { dg-warning "use of attacker-controlled value 'i' in array lookup without bounds checking" } */
  /* { dg-message "capacity of 'table' is 64 bytes" "capacity" { target *-*-* } .-1 } */
  /* { dg-message "valid subscripts for 'table' are '\\\[0\\\]' to '\\\[15\\\]'" "subscripts" { target *-*-* } .-2 } */
}

int lookup_checked (FILE *f)
{
  int i;
  if (fscanf (f, "%d", &i) != 1 || i < 0 || i >= 16)
    return -1;
  return table[i];
}

char *offset_bad (FILE *f)
{
  static char names[100];
  int i;
  if (fscanf (f, "%d", &i) != 1)
    return 0;
  return names + i; /* { dg-warning "use of attacker-controlled value 'i' as offset without bounds checking" } */
  /* { dg-message "capacity of 'names' is 100 bytes" "capacity" { target *-*-* } .-1 } */
}

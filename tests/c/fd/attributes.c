/* The attributes the plugin registers check where they point, as GCC's
   own do (-Wattributes), and are dropped when wrong.  GCC 13 has fd_arg*
   and GCC 14 null_terminated_string_arg of its own: then GCC checks them,
   in its words (which also refuse a variadic position).  */
void one (int fd) __attribute__ ((fd_arg (2))); /* { dg-warning "'fd_arg' attribute argument value '?2'? exceeds the number of function parameters 1" } */
void two (char *p) __attribute__ ((fd_arg_read (1))); /* { dg-warning "'fd_arg_read' attribute argument value '?1'? refers to parameter type 'char \\*'" } */
void three (int n) __attribute__ ((null_terminated_string_arg (1))); /* { dg-warning "'null_terminated_string_arg' attribute argument value '?1'? refers to parameter type 'int'" } */
void four (int fd) __attribute__ ((fd_arg_write ("x"))); /* { dg-warning "'fd_arg_write' attribute argument is not an integer constant" "plugin" { target { ! gcc13+ } } } */
/* { dg-warning "'fd_arg_write' attribute argument has type 'char\\\[2\\\]'" "GCC 13+" { target gcc13+ } .-1 } */
void five (int fd, ...) __attribute__ ((fd_arg (3))); /* { dg-warning "'fd_arg' attribute argument value '3' exceeds the number of function parameters 1" "GCC 13+" { target gcc13+ } } */
void six (int fd) __attribute__ ((fd_arg (1)));

void use (void)
{
  one (1);
  two ("x");
  three (3);
  four (4);
  five (5, 6, 7);
  six (6);
}

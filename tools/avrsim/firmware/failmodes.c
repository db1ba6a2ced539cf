/*
 * Test firmware for the runner's exit paths (tools/avrsim/test_runner.sh).
 * The first stdin byte selects what to do:
 *
 *   c  print a line, then execute a reserved opcode          -> crash
 *   z  print a line, then jump to address 0 (IJMP with Z = 0) -> unexpected reset
 *   l  count forever                                          -> cycle limit
 *   s  SLEEP with interrupts off                              -> stopped, no EXIT
 *   r  return from main (avr-libc then spins with CLI)        -> stopped, no EXIT
 *   f  sim_exit(3)                                            -> firmware failure 3
 *   x  sim_exit(200)                                          -> EXIT value out of range
 *   i  read past the end of stdin                             -> stdin EOF
 *   e  read a length byte n and n bytes, print them in hex    -> exit 0
 *   u  print a few numbers with sim_put_u32                   -> exit 0
 *   p  ping-pong: for each byte b until 'q', print b+1 and a
 *      newline (checks that output is flushed before the
 *      runner blocks on stdin)                                -> exit 0
 *   a  print three conversions of ADC channel 0 (--adc)      -> exit 0
 *   U  send "uart" and a newline on UART 0 (--uart; the ATmegas
 *      only)                                                  -> exit 0
 *   E  print EEPROM byte 0, then store it plus 1 (--eeprom)   -> exit 0
 */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/sleep.h>

#include "simio.h"

int main(void)
{
	switch (sim_getc()) {
	case 'c':
		sim_puts("about to crash\n");
		__asm__ __volatile__(".word 0x0001"); /* reserved encoding */
		break;
	case 'z':
		sim_puts("about to jump to 0\n");
		__asm__ __volatile__("ijmp" : : "z"(0));
		break;
	case 'l': {
		/* Not a bare RJMP-to-self, which the runner reports as a hang. */
		volatile uint8_t n = 0;
		for (;;)
			n++;
	}
	case 's':
		cli();
		sleep_enable();
		sleep_cpu();
		break;
	case 'r':
		return 0;
	case 'f':
		sim_exit(3);
	case 'x':
		sim_exit(200);
	case 'i':
		for (;;)
			sim_getc();
	case 'e': {
		uint8_t buf[16];
		uint8_t n = sim_getc();
		if (n > sizeof buf)
			sim_exit(2);
		sim_read(buf, n);
		sim_put_hex(buf, n);
		sim_putc('\n');
		sim_exit(0);
	}
	case 'u':
		sim_put_u32(0);
		sim_putc(' ');
		sim_put_u32(1234567890);
		sim_putc(' ');
		sim_put_u32(4294967295u);
		sim_putc('\n');
		sim_exit(0);
	case 'a':
		ADMUX = 0; /* channel 0 against AREF (ATtiny: VCC) */
		ADCSRA = _BV(ADEN) | _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);
		for (uint8_t i = 0; i < 3; i++) {
			ADCSRA |= _BV(ADSC);
			while (ADCSRA & _BV(ADSC)) {
			}
			sim_put_u32(ADC);
			sim_putc(i < 2 ? ' ' : '\n');
		}
		sim_exit(0);
#ifdef UDR0
	case 'U':
		UBRR0L = 8; /* about 115200 baud at 16 MHz */
		UCSR0B = _BV(TXEN0);
		for (const char *p = "uart\n"; *p; p++) {
			while (!(UCSR0A & _BV(UDRE0))) {
			}
			UDR0 = (uint8_t)*p;
		}
		UCSR0A = _BV(TXC0); /* cleared by writing 1: set again when the last byte is out */
		while (!(UCSR0A & _BV(TXC0))) {
		}
		sim_exit(0);
#endif
	case 'E': {
		const uint8_t b = eeprom_read_byte((const uint8_t *)0);
		sim_put_u32(b);
		sim_putc('\n');
		eeprom_write_byte((uint8_t *)0, (uint8_t)(b + 1));
		eeprom_busy_wait();
		sim_exit(0);
	}
	case 'p':
		for (uint8_t b; (b = sim_getc()) != 'q';) {
			sim_putc((char)(b + 1));
			sim_putc('\n');
		}
		sim_exit(0);
	}
	/* Unknown mode, or a failure path that did not end the run. */
	sim_exit(1);
}

/**
 * What a team writes to plug business work into the inbox: an {@link dev.inbox.spi.InboxHandler}
 * bean qualified with {@link dev.inbox.spi.InboxConsumer}, which receives each new message as an
 * {@link dev.inbox.spi.Envelope} inside the delivery's transaction. This package stands alone: it
 * imports nothing from the rest of the module, so it is all a handler author needs to read.
 */
package dev.inbox.spi;

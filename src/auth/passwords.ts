import bcrypt from 'bcrypt';

let cost = 10;

export function setBcryptCost(value: number) {
  cost = value;
}

export const hashPassword = (password: string) => bcrypt.hash(password, cost);

export const verifyPassword = (password: string, hash: string | null) => (hash ? bcrypt.compare(password, hash) : Promise.resolve(false));

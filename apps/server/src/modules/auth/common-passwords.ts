// Passwords of 10 or more characters that head the public breach-frequency lists (SecLists'
// "10-million-password-list-top-10000" and NCSC's "100k most used"), plus German favourites and
// this product's own name. Shorter ones need no list: the length rule refuses them.
// Compared after lower-casing, so only lower-case entries are needed.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '1234567890', '0123456789', '0987654321', '9876543210', '12345678910', '123456789a', 'a123456789',
  '1234567891', '1234512345', '1111111111', '0000000000', '2222222222', '5555555555', '7777777777',
  '9999999999', '1212121212', '1122334455', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4t5', 'q1w2e3r4t5y6',
  '1qaz2wsx3edc', 'zaq12wsxcde3', 'zaq1zaq1zaq1', '1qazxsw23edc', 'qwertyuiop', 'qwertyuiop123',
  'qwerty1234', 'qwerty12345', 'qwerty123456', 'qwertyqwerty', 'asdfghjkl1', 'asdfghjkl123', 'zxcvbnm123',
  'qazwsxedcrfv', 'qwertzuiop', 'qwertz1234', 'qwertz12345', 'asdfasdfasdf', 'abcdefghij', 'abcdefghijk',
  'abcd123456', 'abc1234567', 'abcdefg123', 'password12', 'password123', 'password1234', 'password12345',
  'password123456', 'password!1', 'password01', 'passw0rd12', 'passw0rd123', 'p@ssword123', 'p@ssw0rd123',
  'mypassword', 'mypassword1', 'mypassword123', 'thepassword', 'newpassword', 'newpassword1', 'changeme123',
  'changeme1234', 'letmein123', 'letmein1234', 'welcome123', 'welcome1234', 'welcome2024', 'welcome2025',
  'welcome2026', 'iloveyou12', 'iloveyou123', 'iloveyou1234', 'trustno1trustno1', 'sunshine123',
  'princess123', 'football123', 'baseball123', 'basketball', 'basketball1', 'superman123', 'batman1234',
  'starwars123', 'pokemon123', 'monkey1234', 'dragon1234', 'master1234', 'computer123', 'internet123',
  'administrator', 'administrator1', 'admin12345', 'admin123456', 'adminadmin', 'adminadmin1', 'rootroot1',
  'qwerty123!', 'summer2024', 'summer2025', 'summer2026', 'winter2024', 'winter2025', 'winter2026',
  'spring2025', 'autumn2025', 'january2025', 'password2024', 'password2025', 'password2026',
  'passwort123', 'passwort1234', 'passwort12345', 'meinpasswort', 'hallo12345', 'hallo123456',
  'hallohallo', 'schatz1234', 'sommer2024', 'sommer2025', 'sommer2026', 'fussball123', 'fußball123',
  'deutschland', 'deutschland1', 'willkommen', 'willkommen1', 'willkommen123', 'geheim1234', 'geheim12345',
  'krankenhaus', 'krankenhaus1', 'klinikum123', 'hospital123', 'doctor1234', 'medicine123',
  'graftmatch', 'graftmatch1', 'graftmatch123', 'graftmatch2025', 'graftmatch2026',
]);
